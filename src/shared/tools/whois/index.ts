// The Whois tool's contract: what the server, the CLI and the history read of it.
import { hostOrIp } from '../../input-spellings.ts'
import { messages } from '../../validation.ts'
import { defineToolContract } from '../contract.ts'
import { whoisLines } from './lines.ts'
import { whoisRequest, whoisResult } from './schema.ts'

export const whoisContract = defineToolContract({
  id: 'whois',
  request: whoisRequest,
  result: whoisResult,
  lines: whoisLines,
  example: { input: 'example.com' },
  cli: {
    argument: '<domain>',
    options: [],
  },
  inputRule: { expected: hostOrIp(messages.invalidDomain) },
})
