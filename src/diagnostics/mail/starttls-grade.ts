// The STARTTLS session graded with the SSL check's rules (score, caps, suite table), from what one
// session shows: the negotiated version and suite, the certificate key and the chain sent. Trust
// and name are left out here: opportunistic SMTP TLS does not require them, and the mail test
// judges them in its own certificate check.
import type { X509Certificate } from 'node:crypto'
import type { TLSSocket } from 'node:tls'
import type { TlsGrade } from '../../shared/tools/mail/schema.ts'
import type { ProtocolName } from '../../shared/tools/ssl/schema.ts'
import { PROTOCOLS } from '../../shared/tools/ssl/schema.ts'
import { describeCipher, rsaEquivalentBits } from '../tls-grade/cipher-facts.ts'
import { describeCertificate } from '../tls-grade/describe-certificate.ts'
import { gradeServer } from '../tls-grade/grade.ts'
import { SUITES } from '../tls-grade/suite-table.ts'

const SUITES_BY_NAME = new Map([...SUITES.values()].map((suite) => [suite.name, suite]))

/** Grades the session of a completed STARTTLS handshake. */
export function gradeStarttls(socket: TLSSocket, x509: X509Certificate | undefined): TlsGrade | undefined {
  const cipher = socket.getCipher()
  const version = socket.getProtocol()
  const protocol = PROTOCOLS.find((p) => p === version) as ProtocolName | undefined
  if (!cipher || !protocol) return undefined
  const suiteName = cipher.standardName ?? cipher.name
  const suite = SUITES_BY_NAME.get(suiteName)
  const facts = describeCipher(suiteName, protocol)
  const cert = x509 ? describeCertificate(x509, new Date()) : undefined
  const key = { type: cert?.keyType ?? 'unknown', bits: cert?.keyBits ?? null }
  const ephemeral = socket.getEphemeralKeyInfo()
  const exchange =
    ephemeral && 'size' in ephemeral && ephemeral.size
      ? rsaEquivalentBits(ephemeral.type === 'DH' ? 'DH' : 'EC', ephemeral.size)
      : null
  const graded = gradeServer({
    trust: { trusted: true, error: null, hostnameMatch: true, expired: false, notYetValid: false, selfSigned: false },
    certificate: {
      leafIssuer: cert?.issuer ?? '',
      topIssuer: cert?.issuer ?? '',
      intermediates: 0,
      signatureAlgorithms: cert ? [cert.signatureAlgorithm] : [],
    },
    keyStrength: rsaEquivalentBits(key.type, key.bits ?? 0),
    keyType: key.type,
    keyBits: key.bits,
    exchangeStrength: exchange,
    protocols: [{ protocol, label: protocol, status: 'accepted', cipher: suiteName, note: null }],
    negotiated: { ...facts, protocol, cipher: suiteName },
    scan: null,
    insecureSuites: null,
    hstsMaxAge: null,
  })
  // HSTS and a scan of every version belong to HTTPS sites: the A+ conditions are left out.
  const reasons = graded.reasons.filter((r) => !r.text.endsWith('(needed for A+)')).map((r) => r.text)
  return {
    grade: graded.grade === 'A+' ? 'A' : graded.grade,
    suite: suiteName,
    suiteStrength: suite?.strength ?? 'unknown',
    reasons,
  }
}
