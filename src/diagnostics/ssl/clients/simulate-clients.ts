// What each named client would negotiate with the server: its own ClientHello (versions, suites in
// its order, groups, signature schemes) sent as it is, and the version and suite of the ServerHello,
// or the refusal. One connection per client, under the scan's budget.
import type { ClientSimulation } from '../../../shared/tools/ssl/schema.ts'
import { suiteFor } from '../../tls-grade/suite-table.ts'
import { type buildClientHello, GROUPS } from '../client-hello.ts'
import { VERSION_LABELS, whyNoAnswer } from '../enumerate-suites.ts'
import { exchangeHello } from '../hello-exchange.ts'
import type { ScanBudget } from '../scan-budget.ts'
import { ALERT_NAMES } from '../server-flight.ts'
import { CLIENT_PROFILES, type ClientProfile } from './client-profiles.ts'

const WIRE_NAMES: Record<number, string> = {
  772: 'TLS 1.3',
  771: 'TLS 1.2',
  770: 'TLS 1.1',
  769: 'TLS 1.0',
  768: 'SSL 3.0',
}

/** The ClientHello a client sends (exported for its test). */
export function clientHelloOf(client: ClientProfile, servername: string): Parameters<typeof buildClientHello>[0] {
  const [newest = 'TLSv1.2'] = client.versions
  return {
    version: newest,
    versions: client.versions,
    suites: client.suites,
    groups: client.groups,
    signatureSchemes: client.signatureSchemes,
    servername,
  }
}

async function simulate(budget: ScanBudget, client: ClientProfile, servername: string): Promise<ClientSimulation> {
  const offered = client.versions.map((v) => VERSION_LABELS[v]).join(', ')
  const base = { client: client.name, offered, protocol: null, suite: null }
  try {
    const flight = await budget.connect((target) => exchangeHello(target, clientHelloOf(client, servername)))
    if (flight.kind === 'hello') {
      const { hello } = flight
      const protocol = WIRE_NAMES[hello.version] ?? `0x${hello.version.toString(16)}`
      // A HelloRetryRequest already names the suite; the client answers it with a share in that group.
      const group = GROUPS.find((g) => g.code === hello.group)?.name ?? String(hello.group)
      const note = hello.helloRetry ? `after a HelloRetryRequest for ${group}` : null
      return { ...base, status: 'negotiated', protocol, suite: suiteFor(hello.suite).name, note }
    }
    const why =
      flight.kind === 'alert'
        ? `alert ${ALERT_NAMES[flight.description] ?? flight.description}`
        : flight.kind === 'closed'
          ? 'the server closed the connection'
          : 'no ServerHello'
    return { ...base, status: 'failed', note: why }
  } catch (error) {
    return { ...base, status: 'not-tested', note: whyNoAnswer(error) }
  }
}

export function simulateClients(budget: ScanBudget, servername: string): Promise<ClientSimulation[]> {
  return Promise.all(CLIENT_PROFILES.map((client) => simulate(budget, client, servername)))
}
