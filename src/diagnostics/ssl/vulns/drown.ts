// DROWN (CVE-2016-0800): a server that speaks SSL 2.0 with an RSA key lets an attacker decrypt
// TLS sessions made with that key. The scan sends its own SSL 2.0 ClientHello (no SSL library
// speaks SSL 2.0 any more) and reads whether an SSL 2.0 ServerHello comes back. Other servers that
// share the certificate or key would expose it as well; they are not known to the scan.
import type { VulnerabilityFinding } from '../../../shared/tools/ssl/schema.ts'
import { whyNoAnswer } from '../enumerate-suites.ts'
import { LegacyNoAnswerError, probeLegacy } from '../legacy-probe.ts'
import type { ScanBudget } from '../scan-budget.ts'

const OTHER_HOSTS = 'other servers sharing this certificate or key are not checked'

export async function drown(budget: ScanBudget): Promise<VulnerabilityFinding> {
  const id = 'drown'
  const name = 'DROWN (CVE-2016-0800)'
  try {
    const offered = await budget.connect((target) => probeLegacy('SSLv2', target))
    return offered
      ? { id, name, verdict: 'vulnerable', detail: 'SSL 2.0 is offered: an SSL 2.0 ClientHello got a ServerHello' }
      : {
          id,
          name,
          verdict: 'not-vulnerable',
          detail: `SSL 2.0 not offered (an SSL 2.0 ClientHello got no SSL 2.0 ServerHello); ${OTHER_HOSTS}`,
        }
  } catch (error) {
    return {
      id,
      name,
      verdict: 'not-tested',
      detail: `an SSL 2.0 ClientHello: ${error instanceof LegacyNoAnswerError ? error.message : whyNoAnswer(error)}`,
    }
  }
}
