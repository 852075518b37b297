import type { ReactNode } from 'react'
import type { TlsScan } from '../../../shared/tools/ssl/schema.ts'

const tristate = (value: 'yes' | 'no' | 'not-tested') => (value === 'not-tested' ? 'not tested' : value)

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-zinc-400">{label}</dt>
      <dd className="break-words text-zinc-100">{children}</dd>
    </>
  )
}

/** Groups, DH size, server order, resumption, ALPN, SCTs, and the probes that could not run with why. */
export function ScanFeatures({ scan }: { scan: TlsScan }) {
  const orders = scan.protocols.filter((p) => p.serverOrder !== null)
  const order =
    orders.length === 0
      ? 'not known (fewer than two suites, or not tested)'
      : orders.map((p) => `${p.label} ${p.serverOrder ? 'yes' : 'no'}`).join(', ')
  const r = scan.resumption
  return (
    <section className="space-y-2" aria-label="TLS features">
      <h3 className="font-sans text-sm font-semibold text-zinc-200">TLS features</h3>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <Row label="Groups">
          {scan.groups.length === 0 ? '(none found)' : scan.groups.map((g) => `${g.name} (${g.bits} bits)`).join(', ')}
        </Row>
        <Row label="DH group">{scan.dhBits === null ? 'no DHE suites' : `${scan.dhBits} bits`}</Row>
        <Row label="Server order enforced">{order}</Row>
        <Row label="Resumption">
          session ID {tristate(r.sessionId)}, ticket {tristate(r.ticket)}
          {r.note ? ` (${r.note})` : ''}
        </Row>
        <Row label="ALPN">{scan.alpn === null ? 'not tested' : scan.alpn.join(', ') || 'none of h2, http/1.1'}</Row>
        <Row label="SCTs">
          in certificate {scan.sct.certificate ? 'yes' : 'no'}, in TLS extension {tristate(scan.sct.tlsExtension)}, in
          OCSP response {scan.sct.ocsp ? 'yes' : 'no'}
        </Row>
      </dl>
      {scan.notRun.length > 0 && (
        <div className="space-y-1">
          <h4 className="font-sans text-sm text-zinc-100">Probes not run</h4>
          <ul className="list-disc space-y-0.5 pl-5 font-sans text-sm text-zinc-300">
            {scan.notRun.map((skipped) => (
              <li key={skipped.probe}>
                {skipped.probe}: {skipped.why}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}
