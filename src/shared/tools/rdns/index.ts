// The Reverse DNS tool's contract: what the server, the CLI and the history read of it.
import { ipOnly } from '../../input-spellings.ts'
import { messages } from '../../validation.ts'
import { defineToolContract } from '../contract.ts'
import { rdnsLines } from './lines.ts'
import { rdnsRequest, rdnsResult } from './schema.ts'

export const rdnsContract = defineToolContract({
  id: 'rdns',
  request: rdnsRequest,
  result: rdnsResult,
  lines: rdnsLines,
  example: { input: '1.1.1.1' },
  cli: {
    argument: '<ip>',
    options: [],
  },
  inputRule: { expected: ipOnly(messages.blank, messages.invalidReverseIp) },
})
