// Client-side input rules per tool: the shared request schemas, checked again by the server.
import type { z } from 'zod'
import { abuseRequest } from '../../../shared/tools/abuse.ts'
import { blacklistRequest } from '../../../shared/tools/blacklist.ts'
import { mailRequest } from '../../../shared/tools/mail.ts'
import { pingRequest } from '../../../shared/tools/ping.ts'
import { sslRequest } from '../../../shared/tools/ssl.ts'
import { whoisRequest } from '../../../shared/tools/whois.ts'
import {
  hostInput,
  hostOrUrlInput,
  ipAddressInput,
  requiredText,
  reverseIpInput,
  websiteUrlInput,
} from '../../../shared/validation.ts'

export interface InputRule {
  schema: z.ZodType<string, string>
  /** The product disables these tools' submit button while the input is blank. */
  disableWhenBlank?: boolean
}

const rules: Record<string, InputRule> = {
  ping: { schema: pingRequest.shape.input },
  traceroute: { schema: hostInput },
  whois: { schema: whoisRequest.shape.input },
  rdns: { schema: reverseIpInput },
  ssl: { schema: sslRequest.shape.input },
  geolocation: { schema: hostOrUrlInput },
  blacklist: { schema: blacklistRequest.shape.input },
  'website-check': { schema: websiteUrlInput, disableWhenBlank: true },
  asn: { schema: ipAddressInput, disableWhenBlank: true },
  abuse: { schema: abuseRequest.shape.input, disableWhenBlank: true },
  mail: { schema: mailRequest.shape.input },
}

export function inputRuleFor(id: string): InputRule {
  return rules[id] ?? { schema: requiredText }
}
