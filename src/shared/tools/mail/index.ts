// The Mail test tool's contract: what the server, the CLI and the history read of it.
import { HOST, hostOrIp } from '../../input-spellings.ts'
import { messages } from '../../validation.ts'
import { defineToolContract } from '../contract.ts'
import { mailLines } from './lines.ts'
import { mailRequest, mailResult } from './schema.ts'

export const mailContract = defineToolContract({
  id: 'mail',
  request: mailRequest,
  result: mailResult,
  lines: mailLines,
  example: { input: 'example.com' },
  cli: {
    argument: '<domain>',
    options: [],
  },
  inputRule: { expected: { ...hostOrIp(messages.invalidDomain), email: HOST, mailto: HOST } },
})
