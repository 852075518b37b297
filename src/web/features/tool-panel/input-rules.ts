// Client-side input rules per tool, from the shared validation; the server checks everything again.
import type { z } from 'zod'
import { domainInput, domainOrIpInput, requiredText } from '../../../shared/validation.ts'

export interface InputRule {
  schema: z.ZodType<string, string>
  /** The spec disables these tools' submit button while the input is blank. */
  disableWhenBlank?: boolean
}

const rules: Record<string, InputRule> = {
  ping: { schema: domainOrIpInput },
  traceroute: { schema: domainOrIpInput },
  mail: { schema: domainOrIpInput },
  whois: { schema: domainInput },
  ssl: { schema: domainInput },
  'website-check': { schema: requiredText, disableWhenBlank: true },
  asn: { schema: requiredText, disableWhenBlank: true },
  abuse: { schema: requiredText, disableWhenBlank: true },
}

export function inputRuleFor(id: string): InputRule {
  return rules[id] ?? { schema: requiredText }
}
