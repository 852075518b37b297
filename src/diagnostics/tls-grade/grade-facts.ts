// What the grade is computed from: trust, certificate, versions, the scan's suites and groups, HSTS.
import type { ProtocolProbe, TlsScan } from '../../shared/tools/ssl/schema.ts'
import type { CertificateFacts, TrustFacts } from './trust-problems.ts'

export interface GradeFacts {
  trust: TrustFacts
  certificate: CertificateFacts
  /** Certificate key strength as RSA-equivalent bits, and how to name it ("RSA 2048 bits"). */
  keyStrength: number
  keyType: string
  keyBits: number | null
  /** Ephemeral (EC)DH strength of the main handshake as RSA-equivalent bits; null when not ephemeral. */
  exchangeStrength: number | null
  protocols: ProtocolProbe[]
  /** The suite a modern client negotiated (used when the scan found no suites). */
  negotiated: { protocol: string; cipher: string; bits: number; aead: boolean; forwardSecrecy: boolean }
  /** The full scan; null when it could not run. */
  scan: TlsScan | null
  insecureSuites: boolean | null
  hstsMaxAge: number | null
}
