// The ASN lookup tool's contract: what the server, the CLI and the history read of it.
import { defineToolContract } from '../contract.ts'
import { asnLines } from './lines.ts'
import { asnRequest, asnResult } from './schema.ts'

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
})
