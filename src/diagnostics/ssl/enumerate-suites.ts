// Which suites a protocol version accepts, the way testssl.sh finds them: offer every suite, note
// the one the server picks, offer the rest again, until the server refuses. The picks come in the
// server's order when it enforces one; offering the found suites reversed tells whether it does.
import type { CipherSuite, ProtocolName, ProtocolSuites } from '../../shared/tools/ssl/schema.ts'
import { ConnectTimeoutError } from '../net/guarded-connect.ts'
import { LEGACY_SUITE_CODES, suiteFor, TLS13_SUITE_CODES } from '../tls-grade/suite-table.ts'
import { type HelloVersion, WIRE_VERSIONS } from './client-hello.ts'
import { exchangeHello, NoAnswerError } from './hello-exchange.ts'
import type { ScanBudget } from './scan-budget.ts'
import { ScanTimeUpError } from './scan-budget.ts'
import type { ServerHello } from './server-flight.ts'

export const VERSION_LABELS: Record<ProtocolName, string> = {
  'TLSv1.3': 'TLS 1.3',
  'TLSv1.2': 'TLS 1.2',
  'TLSv1.1': 'TLS 1.1',
  TLSv1: 'TLS 1.0',
  SSLv3: 'SSL 3.0',
  SSLv2: 'SSL 2.0',
}

export interface VersionScan extends ProtocolSuites {
  /** The first ServerHello of this version (its extensions tell of SCTs). */
  firstHello: ServerHello | null
}

/** Why a hello got no verdict, in words. */
export function whyNoAnswer(error: unknown): string {
  if (error instanceof ScanTimeUpError || error instanceof NoAnswerError) return error.message
  if (error instanceof ConnectTimeoutError) return error.message
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ECONNREFUSED') return 'the connection was refused for this probe'
  return `could not connect (${code ?? (error as Error).message})`
}

const STRENGTH_RANK = { strong: 0, weak: 1, insecure: 2 }

/** Strongest first: strength class, then forward secrecy, AEAD and key size. */
export function byStrength(a: CipherSuite, b: CipherSuite): number {
  return (
    STRENGTH_RANK[a.strength] - STRENGTH_RANK[b.strength] ||
    Number(b.forwardSecrecy) - Number(a.forwardSecrecy) ||
    Number(b.aead) - Number(a.aead) ||
    b.bits - a.bits
  )
}

function matches(hello: ServerHello, version: HelloVersion): boolean {
  return hello.version === WIRE_VERSIONS[version]
}

export async function enumerateSuites(
  budget: ScanBudget,
  version: HelloVersion,
  servername: string,
): Promise<VersionScan> {
  let remaining = version === 'TLSv1.3' ? TLS13_SUITE_CODES : LEGACY_SUITE_CODES
  const found: number[] = []
  let firstHello: ServerHello | null = null
  let note: string | null = null
  while (remaining.length > 0) {
    const suites = remaining
    let pick: number | null = null
    try {
      const flight = await budget.connect((target) => exchangeHello(target, { version, suites, servername }))
      if (flight.kind === 'hello' && matches(flight.hello, version) && suites.includes(flight.hello.suite)) {
        pick = flight.hello.suite
        firstHello ??= flight.hello
      }
    } catch (error) {
      note = whyNoAnswer(error)
    }
    if (pick === null) break
    found.push(pick)
    remaining = remaining.filter((code) => code !== pick)
  }
  const label = VERSION_LABELS[version]
  if (note && found.length > 0) note = `the list may be incomplete: ${note}`
  if (note) budget.skip(`${label} suites`, note)
  const serverOrder = found.length >= 2 ? await checkServerOrder(budget, version, servername, found) : null
  const suites = found.map(suiteFor)
  if (serverOrder !== true) suites.sort(byStrength)
  return {
    protocol: version,
    label,
    status: found.length > 0 ? 'accepted' : note ? 'not-tested' : 'rejected',
    suites,
    serverOrder,
    note,
    firstHello,
  }
}

/** Offers the found suites reversed: a server that still picks its first choice enforces its order. */
async function checkServerOrder(
  budget: ScanBudget,
  version: HelloVersion,
  servername: string,
  found: number[],
): Promise<boolean | null> {
  try {
    const suites = [...found].reverse()
    const flight = await budget.connect((target) => exchangeHello(target, { version, suites, servername }))
    if (flight.kind !== 'hello') return null
    return flight.hello.suite === found[0]
  } catch (error) {
    budget.skip(`${VERSION_LABELS[version]} server order`, whyNoAnswer(error))
    return null
  }
}
