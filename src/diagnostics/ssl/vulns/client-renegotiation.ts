// Client-initiated renegotiation: after one full handshake before TLS 1.3, the client asks for a
// second one on the same connection (once, with the secure renegotiation extension, and nothing
// else). A server that completes it lets any client make it repeat its most expensive work at
// will (a denial-of-service lever, SSL Labs' "Client-initiated renegotiation: Supported"); one that
// answers with an alert or closes the connection refuses it. TLS 1.3 has no renegotiation.
import type { VulnerabilityFinding } from '../../../shared/tools/ssl/schema.ts'
import { connectTls, TlsHandshakeError } from '../../net/guarded-tls.ts'
import type { VersionScan } from '../enumerate-suites.ts'
import { whyNoAnswer } from '../enumerate-suites.ts'
import type { ScanBudget } from '../scan-budget.ts'
import { newestLegacy } from './hello-probes.ts'

/** How long the server has to answer the renegotiation request. */
const ANSWER_WAIT_MS = 3000

type Answer = 'completed' | 'refused' | 'silent'

const id = 'client-renegotiation'
const name = 'Client-initiated renegotiation'

export async function clientRenegotiation(budget: ScanBudget, scans: VersionScan[]): Promise<VulnerabilityFinding> {
  const scan = newestLegacy(scans)
  if (!scan) {
    const only13 = scans.some((s) => s.protocol === 'TLSv1.3' && s.status === 'accepted')
    return only13
      ? { id, name, verdict: 'not-vulnerable', detail: 'TLS 1.3 only: no renegotiation' }
      : { id, name, verdict: 'not-tested', detail: 'no version before TLS 1.3 was accepted' }
  }
  const version = scan.protocol === 'TLSv1' || scan.protocol === 'TLSv1.1' ? scan.protocol : 'TLSv1.2'
  try {
    const answer = await budget.connect(async (target) => {
      const { socket } = await connectTls(target.policy, {
        ...target,
        minVersion: version,
        maxVersion: version,
        ciphers: 'DEFAULT:@SECLEVEL=0',
      })
      return new Promise<Answer>((resolve) => {
        const finish = (answer: Answer) => {
          clearTimeout(timer)
          socket.destroy()
          resolve(answer)
        }
        const timer = setTimeout(() => finish('silent'), ANSWER_WAIT_MS)
        socket.on('error', () => finish('refused'))
        socket.on('close', () => finish('refused'))
        // Data the server sends meanwhile is read and dropped, so the renegotiation can go on.
        socket.on('data', () => {})
        const asked = socket.renegotiate({ rejectUnauthorized: false }, (error) =>
          finish(error ? 'refused' : 'completed'),
        )
        if (!asked) finish('refused')
      })
    })
    if (answer === 'completed')
      return { id, name, verdict: 'vulnerable', detail: `the server renegotiated when the client asked (${version})` }
    if (answer === 'refused')
      return {
        id,
        name,
        verdict: 'not-vulnerable',
        detail: `the server refused a renegotiation the client asked for (${version})`,
      }
    return {
      id,
      name,
      verdict: 'not-tested',
      detail: `no answer to the renegotiation request within ${ANSWER_WAIT_MS / 1000} s`,
    }
  } catch (error) {
    const why = error instanceof TlsHandshakeError ? error.message : whyNoAnswer(error)
    return { id, name, verdict: 'not-tested', detail: `no handshake to renegotiate: ${why}` }
  }
}
