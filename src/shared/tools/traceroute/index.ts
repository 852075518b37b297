// The Traceroute tool's contract: what the server, the CLI and the history read of it.
import { hostOrIp } from '../../input-spellings.ts'
import { messages } from '../../validation.ts'
import { familyOption, portOption } from '../cli-options.ts'
import { defineToolContract } from '../contract.ts'
import { tracerouteLines } from './lines.ts'
import { TRACEROUTE_PROTOCOLS, tracerouteRequest, tracerouteResult } from './schema.ts'

export const tracerouteContract = defineToolContract({
  id: 'traceroute',
  request: tracerouteRequest,
  result: tracerouteResult,
  lines: tracerouteLines,
  example: { input: 'example.com' },
  cli: {
    argument: '<host>',
    options: [
      { flags: '-c, --count <n>', description: 'probes per hop (1-10)', key: 'count', kind: 'integer' },
      familyOption,
      {
        flags: '-P, --protocol <protocol>',
        description: 'icmp, udp or tcp',
        key: 'protocol',
        kind: 'string',
        choices: TRACEROUTE_PROTOCOLS,
      },
      portOption('destination port of UDP and TCP probes'),
    ],
  },
  inputRule: { expected: hostOrIp(messages.invalidDomainOrIp) },
})
