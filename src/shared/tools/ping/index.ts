// The Ping tool's contract: what the server, the CLI and the history read of it.
import { hostOrIp } from '../../input-spellings.ts'
import { messages } from '../../validation.ts'
import { familyOption, portOption } from '../cli-options.ts'
import { defineToolContract } from '../contract.ts'
import { pingLines } from './lines.ts'
import { PING_MODES, pingRequest, pingResult } from './schema.ts'

export const pingContract = defineToolContract({
  id: 'ping',
  request: pingRequest,
  result: pingResult,
  lines: pingLines,
  example: { input: 'example.com' },
  cli: {
    argument: '<host>',
    options: [
      { flags: '-c, --count <n>', description: 'probes to send (1-10)', key: 'count', kind: 'integer' },
      familyOption,
      { flags: '-m, --mode <mode>', description: 'icmp or tcp', key: 'mode', kind: 'string', choices: PING_MODES },
      portOption('TCP port in tcp mode (default 443)'),
    ],
  },
  inputRule: { expected: hostOrIp(messages.invalidDomainOrIp) },
})
