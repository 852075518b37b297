// The ASN lookup tool's contract: what the server, the CLI and the history read of it.
import { ipOnly, refused } from '../../input-spellings.ts'
import { messages } from '../../validation.ts'
import { defineToolContract } from '../contract.ts'
import { asnLines } from './lines.ts'
import { asnMessages, asnRequest, asnResult } from './schema.ts'

export const asnContract = defineToolContract({
  id: 'asn',
  request: asnRequest,
  result: asnResult,
  lines: asnLines,
  example: { input: 'AS13335' },
  cli: {
    argument: '<ip>',
    options: [],
  },
  inputRule: { expected: { ...ipOnly(messages.ipRequired, messages.ipInvalid), junk: refused(asnMessages.neither) } },
})
