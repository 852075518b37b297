// The IP geolocation tool's contract: what the server, the CLI and the history read of it.
import { hostOrIp } from '../../input-spellings.ts'
import { messages } from '../../validation.ts'
import { defineToolContract } from '../contract.ts'
import { geolocationLines } from './lines.ts'
import { geolocationRequest, geolocationResult } from './schema.ts'

export const geolocationContract = defineToolContract({
  id: 'geolocation',
  request: geolocationRequest,
  result: geolocationResult,
  lines: geolocationLines,
  example: { input: '1.1.1.1' },
  cli: {
    argument: '<ip-or-domain>',
    options: [],
  },
  inputRule: { expected: hostOrIp(messages.invalidDomainOrIp) },
})
