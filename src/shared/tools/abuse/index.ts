// The Abuse check tool's contract: what the server, the CLI and the history read of it.
import { ipOnly } from '../../input-spellings.ts'
import { messages } from '../../validation.ts'
import { defineToolContract } from '../contract.ts'
import { abuseLines } from './lines.ts'
import { abuseRequest, abuseResult } from './schema.ts'

export const abuseContract = defineToolContract({
  id: 'abuse',
  request: abuseRequest,
  result: abuseResult,
  lines: abuseLines,
  example: { input: '1.1.1.1' },
  cli: {
    argument: '<ip>',
    options: [],
  },
  inputRule: { expected: ipOnly(messages.ipRequired, messages.ipInvalid) },
})
