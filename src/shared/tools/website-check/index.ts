// The Website check tool's contract: what the server, the CLI and the history read of it.
import { defineToolContract } from '../contract.ts'
import { websiteCheckLines } from './lines.ts'
import { websiteCheckRequest, websiteCheckResult } from './schema.ts'

export const websiteCheckContract = defineToolContract({
  id: 'website-check',
  request: websiteCheckRequest,
  result: websiteCheckResult,
  lines: websiteCheckLines,
  example: { input: 'https://example.com' },
  cli: {
    argument: '<url>',
    options: [],
  },
})
