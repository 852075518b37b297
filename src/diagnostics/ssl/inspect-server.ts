// The main handshake, as a modern client makes it: certificate chain, verification verdicts,
// negotiated protocol and suite, ephemeral key and OCSP stapling.
import tls from 'node:tls'
import type { CertificateInfo, LeafCertificate, SslConnection, SslTrust } from '../../shared/tools/ssl/schema.ts'
import { EXPIRY_WARNING_DAYS } from '../../shared/tools/ssl/schema.ts'
import { connectTls } from '../net/guarded-tls.ts'
import { type CipherFacts, describeCipher, rsaEquivalentBits } from '../tls-grade/cipher-facts.ts'
import { describeCertificate, describeLeaf, walkChain } from '../tls-grade/describe-certificate.ts'
import type { ProbeTarget } from './probe-protocols.ts'

export interface ServerInspection {
  certificate: LeafCertificate
  chain: CertificateInfo[]
  trust: SslTrust
  connection: SslConnection
  cipherFacts: CipherFacts
  /** Ephemeral key strength as RSA-equivalent bits; null when not ephemeral. */
  exchangeStrength: number | null
  ocspStapling: boolean
  /** The leaf as DER, and the stapled OCSP response (for SCTs). */
  leafDer: Buffer
  ocspResponse: Buffer | null
}

export class NoCertificateError extends Error {}

/** The verifier reports a name mismatch only when the chain itself verified. */
const NAME_MISMATCH = 'ERR_TLS_CERT_ALTNAME_INVALID'

function judgeTrust(
  socket: tls.TLSSocket,
  leaf: LeafCertificate,
  hostnameError: Error | undefined,
  now: Date,
): SslTrust {
  const error = socket.authorizationError ? String(socket.authorizationError) : null
  const chainError = error === NAME_MISMATCH ? null : error
  const expired = new Date(leaf.validTo) < now
  return {
    trusted: chainError === null,
    error: chainError,
    hostnameMatch: hostnameError === undefined,
    hostnameError: hostnameError?.message ?? null,
    expired,
    notYetValid: new Date(leaf.validFrom) > now,
    expiresSoon: !expired && leaf.daysLeft < EXPIRY_WARNING_DAYS,
    selfSigned: leaf.selfSigned || chainError === 'DEPTH_ZERO_SELF_SIGNED_CERT',
  }
}

function describeExchange(socket: tls.TLSSocket): { text: string | null; strength: number | null } {
  const info = socket.getEphemeralKeyInfo() as { type?: string; name?: string; size?: number } | null
  if (!info?.type) return { text: null, strength: null }
  const name = info.name || info.type
  if (!info.size) {
    // A named group without a size, e.g. the hybrid X25519MLKEM768: judged by its classical half.
    const classical = /521/.test(name) ? 521 : /384|448/.test(name) ? 384 : 256
    const hybrid = /MLKEM|KYBER/i.test(name) ? ', hybrid post-quantum' : ''
    return { text: `${name} (${classical}-bit class${hybrid})`, strength: rsaEquivalentBits('EC', classical) }
  }
  const strength = info.type === 'DH' ? info.size : rsaEquivalentBits('EC', info.size)
  return { text: `${name} (${info.size} bits)`, strength }
}

export async function inspectServer(target: ProbeTarget & { ca?: string[] }, now: Date): Promise<ServerInspection> {
  const connection = await connectTls(target.policy, {
    address: target.address,
    port: target.port,
    servername: target.servername,
    signal: target.signal,
    timeoutMs: target.timeoutMs,
    ca: target.ca,
    requestOCSP: true,
    // Security level 0 lets a weak key or DH group be seen and graded instead of failing the check.
    ciphers: 'DEFAULT:@SECLEVEL=0',
  })
  const { socket } = connection
  try {
    const peer = socket.getPeerCertificate(true)
    const [leafCert, ...issuers] = walkChain(peer)
    if (!leafCert) throw new NoCertificateError('the server sent no certificate')
    const certificate = describeLeaf(leafCert, now)
    const trust = judgeTrust(socket, certificate, tls.checkServerIdentity(target.servername, peer), now)
    const cipher = socket.getCipher()
    const protocol = socket.getProtocol() ?? cipher.version
    const cipherFacts = describeCipher(cipher.standardName ?? cipher.name, protocol)
    const exchange = describeExchange(socket)
    return {
      certificate,
      chain: issuers.map((cert) => describeCertificate(cert, now)),
      trust,
      connection: {
        protocol,
        cipher: cipher.name,
        cipherStandardName: cipher.standardName ?? null,
        cipherBits: cipherFacts.bits,
        aead: cipherFacts.aead,
        forwardSecrecy: cipherFacts.forwardSecrecy,
        keyExchange: exchange.text,
        handshakeMs: connection.handshakeMs,
      },
      cipherFacts,
      exchangeStrength: exchange.strength,
      ocspStapling: connection.ocspResponse !== null,
      leafDer: leafCert.raw,
      ocspResponse: connection.ocspResponse,
    }
  } finally {
    socket.destroy()
  }
}
