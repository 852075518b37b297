// The DNS lookup tool's contract: what the server, the CLI and the history read of it.
import { domainOnly } from '../../input-spellings.ts'
import { defineToolContract } from '../contract.ts'
import { dnsLines } from './lines.ts'
import { DNS_TYPES, dnsRequest, dnsResult, RESOLVER_CHOICES } from './schema.ts'

export const dnsContract = defineToolContract({
  id: 'dns',
  request: dnsRequest,
  result: dnsResult,
  lines: dnsLines,
  example: { input: 'example.com', options: { type: 'MX' } },
  cli: {
    argument: '<domain>',
    options: [
      {
        flags: '-t, --type <type>',
        description: 'record type, any case, by name or as TYPE<number> (default: A, AAAA, MX, NS, TXT and CNAME)',
        key: 'type',
        kind: 'string',
        suggestions: DNS_TYPES,
      },
      {
        flags: '-r, --resolver <id>',
        description: "a public resolver, or 'system' (the server's own, the default)",
        key: 'resolver',
        kind: 'string',
        choices: RESOLVER_CHOICES,
      },
      {
        flags: '-n, --nameserver <ip[:port]>',
        description: 'ask this name server instead of a resolver',
        key: 'server',
        kind: 'string',
      },
      { flags: '--trace', description: 'walk the delegation from the root servers', key: 'trace', kind: 'boolean' },
      { flags: '--dnssec', description: 'ask for DNSSEC records (DO bit)', key: 'dnssec', kind: 'boolean' },
      {
        flags: '--propagation',
        description: 'ask every public resolver and authoritative server, side by side',
        key: 'propagation',
        kind: 'boolean',
      },
    ],
  },
  inputRule: {
    expected: domainOnly,
    variants: { 'dns-propagation': { options: { type: 'A', propagation: true }, expected: domainOnly } },
  },
})
