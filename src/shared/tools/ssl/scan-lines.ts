// The full scan as text: each version's accepted suites (order, key exchange, authentication,
// encryption, MAC, bits, strength), groups, DH size, resumption, ALPN, SCTs, and what was not run.
import type { CipherSuite, ProtocolSuites, TlsScan } from './schema.ts'

function suiteLine(suite: CipherSuite, index: number): string {
  const traits = `${suite.keyExchange}/${suite.authentication}, ${suite.encryption}, ${suite.mac}, ${suite.bits} bits`
  const strength = suite.weakness ? `${suite.strength}: ${suite.weakness}` : suite.strength
  return `    ${String(index + 1).padStart(2)}. ${suite.code} ${suite.name} (${traits}) ${strength}`
}

function versionLines(scan: ProtocolSuites): string[] {
  if (scan.status === 'not-tested') return [`  ${scan.label}: not tested (${scan.note ?? 'no answer'})`]
  if (scan.status === 'rejected') return [`  ${scan.label}: no suites accepted`]
  const order =
    scan.serverOrder === true
      ? "server's order"
      : scan.serverOrder === false
        ? "client's order (listed strongest first)"
        : 'order not known'
  const head = `  ${scan.label}: ${scan.suites.length} suite${scan.suites.length === 1 ? '' : 's'}, ${order}`
  return [head + (scan.note ? ` (${scan.note})` : ''), ...scan.suites.map(suiteLine)]
}

const tristateText = (value: 'yes' | 'no' | 'not-tested') => (value === 'not-tested' ? 'not tested' : value)

export function scanLines(scan: TlsScan): string[] {
  const groups = scan.groups.map((g) => `${g.name} (${g.bits} bits)`).join(', ')
  const r = scan.resumption
  const lines = [
    `Cipher suites (${scan.connections} connections, ${(scan.elapsedMs / 1000).toFixed(1)} s)`,
    ...scan.protocols.flatMap(versionLines),
    '',
    `Groups:           ${groups || '(none found)'}`,
    `DH group:         ${scan.dhBits === null ? 'no DHE suites' : `${scan.dhBits} bits`}`,
    `Resumption:       session ID ${tristateText(r.sessionId)}, ticket ${tristateText(r.ticket)}${r.note ? ` (${r.note})` : ''}`,
    `ALPN:             ${scan.alpn === null ? 'not tested' : scan.alpn.join(', ') || 'none of h2, http/1.1'}`,
    `SCTs:             in certificate ${scan.sct.certificate ? 'yes' : 'no'}, in TLS extension ${tristateText(scan.sct.tlsExtension)}, in OCSP response ${scan.sct.ocsp ? 'yes' : 'no'}`,
  ]
  if (scan.clientSimulations?.length) {
    lines.push('Client handshakes:')
    for (const c of scan.clientSimulations) {
      const outcome =
        c.status === 'negotiated'
          ? `${c.protocol} ${c.suite}${c.note ? ` (${c.note})` : ''}`
          : `${c.status === 'failed' ? 'fails' : 'not tested'}: ${c.note}`
      lines.push(`  ${c.client.padEnd(18)} ${outcome}`)
    }
  }
  if (scan.notRun.length > 0) {
    lines.push('Not run:')
    for (const skipped of scan.notRun) lines.push(`  - ${skipped.probe}: ${skipped.why}`)
  }
  return lines
}
