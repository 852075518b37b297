// Certificates as the report shows them, read with node:crypto's X509Certificate, and the issuer
// chain walked from the leaf up to the root.
import { X509Certificate } from 'node:crypto'
import type { DetailedPeerCertificate } from 'node:tls'
import { daysUntil } from '../../shared/time-span.ts'
import type { CertificateInfo, LeafCertificate } from '../../shared/tools/ssl/schema.ts'
import { curveName } from './cipher-facts.ts'

const KEY_TYPES: Record<string, string> = {
  rsa: 'RSA',
  'rsa-pss': 'RSA-PSS',
  dsa: 'DSA',
  ec: 'EC',
  ed25519: 'Ed25519',
  ed448: 'Ed448',
}
const EDWARDS_BITS: Record<string, number> = { ed25519: 256, ed448: 456 }
const CURVE_BITS: Record<string, number> = { prime256v1: 256, secp384r1: 384, secp521r1: 521, secp256k1: 256 }

function describeKey(cert: X509Certificate): Pick<CertificateInfo, 'keyType' | 'keyBits' | 'curve'> {
  const key = cert.publicKey
  const type = key.asymmetricKeyType ?? 'unknown'
  const details = key.asymmetricKeyDetails ?? {}
  if (details.modulusLength !== undefined) {
    return { keyType: KEY_TYPES[type] ?? type, keyBits: details.modulusLength, curve: null }
  }
  if (details.namedCurve !== undefined) {
    const bits = CURVE_BITS[details.namedCurve] ?? Number(/\d{3}/.exec(details.namedCurve)?.[0] ?? Number.NaN)
    return { keyType: 'EC', keyBits: Number.isFinite(bits) ? bits : null, curve: curveName(details.namedCurve) }
  }
  return { keyType: KEY_TYPES[type] ?? type, keyBits: EDWARDS_BITS[type] ?? null, curve: null }
}

function isSelfSigned(cert: X509Certificate): boolean {
  if (cert.subject !== cert.issuer) return false
  try {
    return cert.verify(cert.publicKey)
  } catch {
    return false
  }
}

/** "CN=a\nO=b" → "CN=a, O=b" */
function oneLine(name: string): string {
  return name.split('\n').filter(Boolean).join(', ')
}

export function describeCertificate(cert: X509Certificate, now: Date): CertificateInfo {
  return {
    subject: oneLine(cert.subject),
    issuer: oneLine(cert.issuer),
    serialNumber: cert.serialNumber,
    validFrom: cert.validFromDate.toISOString(),
    validTo: cert.validToDate.toISOString(),
    daysLeft: daysUntil(cert.validToDate, now),
    ...describeKey(cert),
    signatureAlgorithm: cert.signatureAlgorithm ?? 'unknown',
    fingerprintSha256: cert.fingerprint256,
    selfSigned: isSelfSigned(cert),
    isCa: cert.ca,
  }
}

export function describeLeaf(cert: X509Certificate, now: Date): LeafCertificate {
  const names = cert.subjectAltName?.split(', ').filter(Boolean) ?? []
  return { ...describeCertificate(cert, now), subjectAltNames: names }
}

/** The leaf and its issuers in order, as the TLS stack linked them (peer chain, then trust store). */
export function walkChain(peer: DetailedPeerCertificate): X509Certificate[] {
  const chain: X509Certificate[] = []
  const seen = new Set<string>()
  let current: DetailedPeerCertificate | undefined = peer
  while (current?.raw && !seen.has(current.fingerprint256) && chain.length < 10) {
    seen.add(current.fingerprint256)
    chain.push(new X509Certificate(current.raw))
    current = current.issuerCertificate
  }
  return chain
}
