// The Whois tool's contract: what the server, the CLI and the history read of it.
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
})
