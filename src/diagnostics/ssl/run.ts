// SSL/TLS check: resolve once, inspect the certificate and handshake at the checked address, probe
// every protocol version, read HSTS, then grade. An untrusted, expired or mismatched certificate
// is a failed check that still carries the full report.
import type { z } from 'zod'
import { sslContract } from '../../shared/tools/ssl/index.ts'
import {
  type ProtocolProbe,
  SSL_FAILURE_PREFIX,
  type SslResult,
  type sslRequest,
  type TlsScan,
} from '../../shared/tools/ssl/schema.ts'
import { ConnectTimeoutError, PolicyDeniedError } from '../net/guarded-connect.ts'
import { TlsHandshakeError } from '../net/guarded-tls.ts'
import { describeTlsFailure } from '../net/tls-failure-words.ts'
import { createTrustStore, type TrustStore } from '../net/trust-anchors.ts'
import { rsaEquivalentBits } from '../tls-grade/cipher-facts.ts'
import { gradeServer } from '../tls-grade/grade.ts'
import { type Diagnostic, failed, type Outcome } from '../types.ts'
import { inspectServer, NoCertificateError, type ServerInspection } from './inspect-server.ts'
import { libraryLimit, type ProbeTarget, probeInsecureSuites, probeProtocols } from './probe-protocols.ts'
import { readHsts } from './read-hsts.ts'
import { scanServer } from './scan-server.ts'

type SslRequest = z.infer<typeof sslRequest>

export interface SslDiagnosticOptions {
  /** The CAs the certificate is verified against (the registry's one trust store); the system's by default. */
  trust?: TrustStore
  /** Deadline of each connection (default 8 s). */
  connectTimeoutMs?: number
  userAgent?: string
  now?: () => Date
  /** Total deadline of the suite scan (default 15 s). */
  scanDeadlineMs?: number
}

function splitTarget(input: string): { host: string; port: number } {
  const [host = '', port] = input.toLowerCase().split(':')
  return { host: host.replace(/\.$/, ''), port: port === undefined ? 443 : Number(port) }
}

/** Errors of our own TLS library before anything reached the server. */
const CLIENT_SIDE = new Set(['ERR_SSL_NO_PROTOCOLS_AVAILABLE', 'ERR_SSL_NO_CIPHERS_AVAILABLE'])
/** This server has no way out to the address: our network, not the target. */
const NO_ROUTE = new Set(['ENETUNREACH', 'EADDRNOTAVAIL'])

/**
 * Why the first handshake failed, and whose failure it is: what the target did (refused, reset,
 * stayed silent, failed the handshake) is the target's; our TLS library or our network is ours.
 */
function describeConnectFailure(error: unknown, where: string, timeoutMs: number): Outcome<never> {
  if (error instanceof PolicyDeniedError) return failed('policy', `${SSL_FAILURE_PREFIX} ${error.message}`)
  if (error instanceof TlsHandshakeError && error.code && CLIENT_SIDE.has(error.code)) {
    return failed('server', `The check could not start: ${libraryLimit('any protocol version the check needs')}`)
  }
  if (error instanceof ConnectTimeoutError)
    return failed('target', `${SSL_FAILURE_PREFIX} no connection to ${where} within ${timeoutMs} ms`)
  if (error instanceof NoCertificateError) return failed('target', `${SSL_FAILURE_PREFIX} ${where}: ${error.message}`)
  if (error instanceof TlsHandshakeError) {
    const why =
      error.code === 'ETIMEDOUT'
        ? `no TLS handshake with ${where} within ${timeoutMs} ms`
        : `TLS handshake with ${where} failed: ${describeTlsFailure(error)}`
    return failed('target', `${SSL_FAILURE_PREFIX} ${why}`)
  }
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ECONNREFUSED') return failed('target', `${SSL_FAILURE_PREFIX} connection refused by ${where}`)
  if (code && NO_ROUTE.has(code)) return failed('server', `This server has no route to ${where} (${code})`)
  return failed('target', `${SSL_FAILURE_PREFIX} could not connect to ${where}${code ? ` (${code})` : ''}`)
}

function verdict(result: SslResult): Outcome<SslResult> {
  const problem = result.grade.reasons.find((reason) => reason.cap === 'T' || reason.cap === 'M')
  if (!problem) return { status: 'ok', result }
  return { status: 'failed', failureSource: 'target', error: `${SSL_FAILURE_PREFIX} ${problem.text}`, result }
}

async function probeRest(target: ProbeTarget, main: ServerInspection, host: string, options: ScanSettings) {
  return Promise.all([
    probeProtocols(target),
    probeInsecureSuites(target),
    readHsts({ ...target, host, userAgent: options.userAgent }),
    scanServer(target, { leaf: main.leafDer, ocspResponse: main.ocspResponse, deadlineMs: options.scanDeadlineMs }),
  ])
}

interface ScanSettings {
  userAgent: string
  scanDeadlineMs?: number
}

/**
 * A version counts as accepted when either a full handshake or the suite scan got it; a refusal
 * in the scan settles a version our own TLS library could not offer.
 */
export function mergeProtocols(probes: ProtocolProbe[], scan: TlsScan): ProtocolProbe[] {
  return probes.map((probe) => {
    const scanned = scan.protocols.find((p) => p.protocol === probe.protocol)
    if (!scanned || probe.status === 'accepted') return probe
    if (scanned.status === 'accepted') {
      return { ...probe, status: 'accepted', cipher: scanned.suites[0]?.name ?? null, note: null }
    }
    if (scanned.status === 'rejected' && probe.status === 'not-tested' && probe.note?.includes('TLS library')) {
      return { ...probe, status: 'rejected', note: null }
    }
    return probe
  })
}

function gradeInspection(
  main: ServerInspection,
  protocols: ProtocolProbe[],
  rest: Awaited<ReturnType<typeof probeRest>>,
) {
  const [, insecureSuites, hsts, scan] = rest
  const cert = main.certificate
  const top = main.chain.at(-1) ?? cert
  return gradeServer({
    trust: main.trust,
    certificate: {
      leafIssuer: cert.issuer,
      topIssuer: top.issuer,
      intermediates: main.chain.filter((c) => !c.selfSigned).length,
      signatureAlgorithms: [cert, ...main.chain.filter((c) => !c.selfSigned)].map((c) => c.signatureAlgorithm),
    },
    keyStrength: rsaEquivalentBits(cert.keyType, cert.keyBits ?? 0),
    keyType: cert.keyType,
    keyBits: cert.keyBits,
    exchangeStrength: main.exchangeStrength,
    protocols,
    negotiated: { ...main.cipherFacts, protocol: main.connection.protocol, cipher: main.connection.cipher },
    scan,
    insecureSuites: insecureSuites.accepted,
    hstsMaxAge: hsts.maxAge,
  })
}

export function createSslDiagnostic(options: SslDiagnosticOptions = {}): Diagnostic<SslRequest, SslResult> {
  const { ca } = options.trust ?? createTrustStore()
  const timeoutMs = options.connectTimeoutMs ?? 8000
  const userAgent = options.userAgent ?? 'NetToolbox-SSLCheck/1.34'
  const now = options.now ?? (() => new Date())
  return {
    ...sslContract,
    deadlineMs: 25_000,
    async run(request, ctx) {
      const { host, port } = splitTarget(request.input)
      const resolution = await ctx.net.resolveTarget(host, { signal: ctx.signal })
      if (!resolution.ok) {
        // Our resolver's failure is ours and says so on its own; the prefix is for facts about the target.
        const error =
          resolution.failureSource === 'server' ? resolution.error : `${SSL_FAILURE_PREFIX} ${resolution.error}`
        return failed(resolution.failureSource, error)
      }
      const [address] = resolution.addresses
      if (!address) return failed('target', `${SSL_FAILURE_PREFIX} ${host} has no address`)
      const where = `${address.family === 6 ? `[${address.address}]` : address.address}:${port}`
      const target: ProbeTarget = {
        policy: ctx.net.policy,
        address,
        port,
        servername: host,
        signal: ctx.signal,
        timeoutMs,
      }
      ctx.progress({ stage: 'handshake', address: address.address, port })
      let main: ServerInspection
      try {
        main = await inspectServer({ ...target, ca }, now())
      } catch (error) {
        return describeConnectFailure(error, where, timeoutMs)
      }
      ctx.progress({ stage: 'protocols', address: address.address, port })
      const rest = await probeRest(target, main, host, { userAgent, scanDeadlineMs: options.scanDeadlineMs })
      const [probes, insecureSuites, hsts, scan] = rest
      const protocols = mergeProtocols(probes, scan)
      return verdict({
        host,
        port,
        address: address.address,
        addresses: resolution.addresses.map((a) => a.address),
        certificate: main.certificate,
        chain: main.chain,
        trust: main.trust,
        connection: main.connection,
        protocols,
        insecureSuites: insecureSuites.accepted,
        insecureSuitesNote: insecureSuites.note,
        ocspStapling: main.ocspStapling,
        hsts,
        scan,
        grade: gradeInspection(main, protocols, rest),
      })
    },
  }
}
