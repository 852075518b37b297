// The SSL check tool's contract: what the server, the CLI and the history read of it.
import { domainOnly, runs } from '../../input-spellings.ts'
import { defineToolContract } from '../contract.ts'
import { sslLines } from './lines.ts'
import { sslRequest, sslResult } from './schema.ts'

export const sslContract = defineToolContract({
  id: 'ssl',
  request: sslRequest,
  result: sslResult,
  lines: sslLines,
  example: { input: 'example.com' },
  cli: {
    argument: '<domain[:port]>',
    options: [],
  },
  inputRule: { expected: { ...domainOnly, fullUrl: runs('shop.test:8443') } },
})
