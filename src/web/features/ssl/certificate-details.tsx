import type { ReactNode } from 'react'
import { describeDaysLeft, describeExpiresIn } from '../../../shared/time-span.ts'
import { describeKey } from '../../../shared/tools/ssl/lines.ts'
import { insecureSuitesText, type SslResult } from '../../../shared/tools/ssl/schema.ts'
import { describeTrustError } from '../../../shared/tools/ssl/trust-words.ts'

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-zinc-400">{label}</dt>
      <dd className="break-all text-zinc-100">{children}</dd>
    </>
  )
}

const yesNo = (ok: boolean, yes: string, no: string) => (
  <span className={ok ? 'text-emerald-300' : 'text-red-300'}>{ok ? yes : no}</span>
)

/** The leaf certificate and the verdicts on it. */
export function CertificateDetails({ result }: { result: SslResult }) {
  const { certificate: cert, trust } = result
  return (
    <section className="space-y-2">
      <h3 className="font-sans text-sm font-semibold text-zinc-200">Certificate</h3>
      {trust.expiresSoon && (
        <p className="rounded-md bg-amber-900/60 px-2 py-1 font-sans text-sm text-amber-200" role="status">
          Expires {describeExpiresIn(cert.daysLeft)} (less than 30 days)
        </p>
      )}
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <Row label="Subject">{cert.subject}</Row>
        <Row label="Alt names">{cert.subjectAltNames.join(', ') || '(none)'}</Row>
        <Row label="Issuer">{cert.issuer}</Row>
        <Row label="Valid">
          {cert.validFrom.slice(0, 10)} → {cert.validTo.slice(0, 10)} ({describeDaysLeft(cert.daysLeft, trust.expired)})
        </Row>
        <Row label="Key">{describeKey(cert)}</Row>
        <Row label="Signature">{cert.signatureAlgorithm}</Row>
        <Row label="Trusted">{yesNo(trust.trusted, 'yes', `no (${describeTrustError(trust.error)})`)}</Row>
        <Row label="Name match">{yesNo(trust.hostnameMatch, 'yes', 'no')}</Row>
        <Row label="OCSP stapling">{yesNo(result.ocspStapling, 'yes', 'no')}</Row>
        <Row label="HSTS">
          {result.hsts.error
            ? `Not checked: ${result.hsts.error}`
            : result.hsts.present
              ? (result.hsts.value ?? '')
              : yesNo(false, '', 'missing')}
        </Row>
        <Row label="NULL/anon suites">{insecureSuitesText(result)}</Row>
        <Row label="SHA-256">{cert.fingerprintSha256}</Row>
      </dl>
    </section>
  )
}
