// The Blacklist check tool's contract: what the server, the CLI and the history read of it.
import { hostOrIp } from '../../input-spellings.ts'
import { messages } from '../../validation.ts'
import { defineToolContract } from '../contract.ts'
import { blacklistLines } from './lines.ts'
import { blacklistRequest, blacklistResult } from './schema.ts'

export const blacklistContract = defineToolContract({
  id: 'blacklist',
  request: blacklistRequest,
  result: blacklistResult,
  lines: blacklistLines,
  example: { input: '1.1.1.1' },
  cli: {
    argument: '<ip-domain-or-url>',
    options: [],
  },
  inputRule: { expected: hostOrIp(messages.invalidDomainOrIp) },
})
