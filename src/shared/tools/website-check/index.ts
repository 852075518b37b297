// The Website check tool's contract: what the server, the CLI and the history read of it.
import { refused, runs } from '../../input-spellings.ts'
import { messages } from '../../validation.ts'
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
  inputRule: {
    expected: {
      fullUrl: refused(messages.urlInvalid),
      plainUrl: runs('http://shop.test/path'),
      ipUrl: runs('http://203.0.113.7:8080/x'),
      email: refused(messages.urlInvalid),
      mailto: refused(messages.urlInvalid),
      unicode: runs('https://xn--bcher-kva.example/'),
      punycode: runs('https://xn--bcher-kva.example/'),
      bracketedIpv6: runs('https://[2001:db8::1]/'),
      ipv6Url: runs('https://[2001:db8::1]:8443/'),
      spacedIpv4: runs('https://203.0.113.7/'),
      trailingDot: runs('https://shop.test/'),
      empty: refused(messages.urlRequired),
      junk: refused(messages.urlInvalid),
    },
  },
})
