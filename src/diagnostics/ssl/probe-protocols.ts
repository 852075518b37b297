// Which protocol versions the server accepts: one handshake per TLS version (minVersion = maxVersion),
// raw hellos for SSL 2/3, and one handshake offering only NULL or anonymous suites.
import type { SecureVersion } from 'node:tls'
import type { ProtocolName, ProtocolProbe } from '../../shared/tools/ssl/schema.ts'
import { ConnectTimeoutError } from '../net/guarded-connect.ts'
import { connectTls, TlsHandshakeError } from '../net/guarded-tls.ts'
import type { IpLiteral } from '../net/ip-literal.ts'
import type { TargetPolicy } from '../net/policy.ts'
import { describeTlsFailure } from '../net/tls-failure-words.ts'
import { LegacyNoAnswerError, probeLegacy } from './legacy-probe.ts'

export interface ProbeTarget {
  policy: TargetPolicy
  address: IpLiteral
  port: number
  servername: string
  signal: AbortSignal
  timeoutMs: number
}

const LABELS: Record<ProtocolName, string> = {
  'TLSv1.3': 'TLS 1.3',
  'TLSv1.2': 'TLS 1.2',
  'TLSv1.1': 'TLS 1.1',
  TLSv1: 'TLS 1.0',
  SSLv3: 'SSL 3.0',
  SSLv2: 'SSL 2.0',
}

/** OpenSSL 3's default security level refuses TLS 1.0/1.1 (and weak suites) on the client side. */
const LEGACY_CIPHERS = 'DEFAULT:@SECLEVEL=0'
/** Errors raised by our own TLS library before anything reached the server. */
const CLIENT_SIDE = new Set(['ERR_SSL_NO_PROTOCOLS_AVAILABLE', 'ERR_SSL_NO_CIPHERS_AVAILABLE'])

type Verdict = Omit<ProtocolProbe, 'protocol' | 'label'>

const notTested = (note: string): Verdict => ({ status: 'not-tested', cipher: null, note })

/** What our own TLS library cannot do is a limit of this server, and the words say so. */
export function libraryLimit(what: string): string {
  return `this server's TLS library (OpenSSL ${process.versions.openssl}) cannot offer ${what}: a limit of this server, not of the target`
}

/**
 * A failed probe is "rejected" only when the server answered with a refusal (an alert, a wrong
 * version); no answer in time, a reset connection, the check's own end or a limit of our TLS
 * library leave the version not tested, with why.
 */
function judgeFailure(error: unknown, timeoutMs: number, what: string): Verdict {
  if (error instanceof ConnectTimeoutError) return notTested(`no connection within ${timeoutMs} ms`)
  if (error instanceof LegacyNoAnswerError || !(error instanceof TlsHandshakeError)) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ETIMEDOUT') return notTested(`no answer within ${timeoutMs} ms`)
    if (code === 'ECONNRESET') return notTested('the connection was reset before any answer')
    if (code === 'ABORT_ERR') return notTested('the time for the check ran out')
    if (code === 'ECONNREFUSED') return notTested('the connection was refused for this probe')
    return notTested(`could not connect (${code ?? (error as Error).message})`)
  }
  if (error.code && CLIENT_SIDE.has(error.code)) return notTested(libraryLimit(what))
  if (error.code === 'ETIMEDOUT') return notTested(`no handshake within ${timeoutMs} ms`)
  if (error.code === 'ECONNRESET') return notTested('the connection was reset during the handshake')
  if (error.code === 'ABORT_ERR') return notTested('the time for the check ran out')
  return { status: 'rejected', cipher: null, note: describeTlsFailure(error) }
}

async function handshakeWith(target: ProbeTarget, settings: { version?: SecureVersion; ciphers?: string }) {
  const connection = await connectTls(target.policy, {
    address: target.address,
    port: target.port,
    servername: target.servername,
    signal: target.signal,
    timeoutMs: target.timeoutMs,
    minVersion: settings.version,
    maxVersion: settings.version,
    ciphers: settings.ciphers,
  })
  const cipher = connection.socket.getCipher()
  connection.socket.destroy()
  return cipher.standardName ?? cipher.name
}

async function probeTlsVersion(target: ProbeTarget, version: SecureVersion): Promise<Verdict> {
  const ciphers = version === 'TLSv1' || version === 'TLSv1.1' ? LEGACY_CIPHERS : undefined
  try {
    return { status: 'accepted', cipher: await handshakeWith(target, { version, ciphers }), note: null }
  } catch (error) {
    return judgeFailure(error, target.timeoutMs, LABELS[version])
  }
}

async function probeSsl(target: ProbeTarget, protocol: 'SSLv2' | 'SSLv3'): Promise<Verdict> {
  try {
    const accepted = await probeLegacy(protocol, target)
    return { status: accepted ? 'accepted' : 'rejected', cipher: null, note: null }
  } catch (error) {
    return judgeFailure(error, target.timeoutMs, LABELS[protocol])
  }
}

/** Every protocol, newest first; all probes run at once. */
export async function probeProtocols(target: ProbeTarget): Promise<ProtocolProbe[]> {
  const run = (protocol: ProtocolName): Promise<Verdict> =>
    protocol === 'SSLv2' || protocol === 'SSLv3' ? probeSsl(target, protocol) : probeTlsVersion(target, protocol)
  const protocols: ProtocolName[] = ['TLSv1.3', 'TLSv1.2', 'TLSv1.1', 'TLSv1', 'SSLv3', 'SSLv2']
  const verdicts = await Promise.all(protocols.map(run))
  return protocols.map((protocol, i) => ({ protocol, label: LABELS[protocol], ...(verdicts[i] as Verdict) }))
}

export interface InsecureSuitesProbe {
  /** Whether the server completes such a handshake; null when it could not be tested. */
  accepted: boolean | null
  /** Why it could not be tested. */
  note: string | null
}

/** Whether the server completes a handshake offering only suites without encryption or authentication. */
export async function probeInsecureSuites(target: ProbeTarget): Promise<InsecureSuitesProbe> {
  try {
    await handshakeWith(target, { ciphers: 'aNULL:eNULL:@SECLEVEL=0', version: 'TLSv1.2' })
    return { accepted: true, note: null }
  } catch (error) {
    const verdict = judgeFailure(error, target.timeoutMs, 'NULL or anonymous suites')
    return verdict.status === 'rejected' ? { accepted: false, note: null } : { accepted: null, note: verdict.note }
  }
}
