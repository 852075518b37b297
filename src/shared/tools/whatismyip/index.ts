// The What is my IP tool's contract: what the server, the CLI and the history read of it.
import { defineToolContract } from '../contract.ts'
import { whatismyipLines } from './lines.ts'
import { whatismyipRequest, whatismyipResult } from './schema.ts'

export const whatismyipContract = defineToolContract({
  id: 'whatismyip',
  request: whatismyipRequest,
  result: whatismyipResult,
  lines: whatismyipLines,
  example: { input: '' },
  cli: {
    options: [],
  },
})
