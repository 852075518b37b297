// Which protocol versions the server accepts: one handshake per TLS version (minVersion = maxVersion),
// raw hellos for SSL 2/3, and one handshake offering only NULL or anonymous suites.
import type { SecureVersion } from 'node:tls'
import type { ProtocolName, ProtocolProbe } from '../../shared/tools/ssl.ts'
import { connectTls, TlsHandshakeError } from '../net/guarded-tls.ts'
import type { IpLiteral } from '../net/ip-literal.ts'
import type { TargetPolicy } from '../net/policy.ts'
import { probeLegacy } from './legacy-probe.ts'

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

function judgeFailure(error: unknown, timeoutMs: number): Verdict {
  if (!(error instanceof TlsHandshakeError)) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message
    return { status: 'not-tested', cipher: null, note: `could not connect (${code})` }
  }
  if (error.code && CLIENT_SIDE.has(error.code)) {
    return { status: 'not-tested', cipher: null, note: "this server's TLS library cannot offer it" }
  }
  if (error.code === 'ETIMEDOUT')
    return { status: 'rejected', cipher: null, note: `no handshake within ${timeoutMs} ms` }
  return { status: 'rejected', cipher: null, note: error.code ?? null }
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
    return judgeFailure(error, target.timeoutMs)
  }
}

async function probeSsl(target: ProbeTarget, protocol: 'SSLv2' | 'SSLv3'): Promise<Verdict> {
  try {
    const accepted = await probeLegacy(protocol, target)
    return { status: accepted ? 'accepted' : 'rejected', cipher: null, note: null }
  } catch (error) {
    return judgeFailure(error, target.timeoutMs)
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

/** Whether the server completes a handshake offering only suites without encryption or authentication. */
export async function probeInsecureSuites(target: ProbeTarget): Promise<boolean | null> {
  try {
    await handshakeWith(target, { ciphers: 'aNULL:eNULL:@SECLEVEL=0', version: 'TLSv1.2' })
    return true
  } catch (error) {
    return judgeFailure(error, target.timeoutMs).status === 'rejected' ? false : null
  }
}
