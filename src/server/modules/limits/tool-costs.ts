// What a run of each tool costs against the expensive-tools budget (RATE_LIMIT_EXPENSIVE_PER_MINUTE).
// Every run also counts 1 against the general budget (RATE_LIMIT_TOOLS_PER_MINUTE); tools not listed
// here cost nothing more.
import type { ToolId } from '../../../shared/catalogue.ts'

export const EXPENSIVE_TOOL_COSTS: Readonly<Partial<Record<ToolId, number>>> = {
  // Many probes per hop for up to half a minute.
  traceroute: 3,
  // An SMTP dialogue with every mail host of the domain.
  mail: 3,
  // Dozens of DNSBL queries per run.
  blacklist: 2,
  // A third-party reputation source and its DNS zones.
  abuse: 2,
  // DNSBL queries for every relay, DKIM keys and an SPF evaluation.
  'mail-headers': 2,
  // TLS handshakes with several protocol versions.
  ssl: 1,
  // HTTP requests along a redirect chain.
  'website-check': 1,
}

export function expensiveCost(tool: string): number {
  return EXPENSIVE_TOOL_COSTS[tool as ToolId] ?? 0
}
