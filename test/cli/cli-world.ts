// The app listening on a loopback port with real peers behind every tool the CLI tests run: Knot
// serving the lab zones (TLS sites, reverse names, DNSBL lists), a loopback RDAP service, and HTTPS
// sites with certificates of a test CA the app trusts.
import { readFileSync } from 'node:fs'
import { lookUpLocation } from '../../src/diagnostics/ip-data/geo-db.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { dnsblLabZones, LAB } from '../support/dns/dnsbl-lab.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'
import { freePort } from '../support/net/ports.ts'
import { createTestCa, opensslAvailable, type TestCa } from '../support/tls/test-ca.ts'
import { startTlsSite, type TlsSite } from '../support/tls/tls-site.ts'
import { type RdapServer, startRdapServer } from '../support/whois/rdap-server.ts'

const zone = (file: string) => readFileSync(new URL(`../fixtures/served/zones/${file}`, import.meta.url), 'utf8')
const DAY = 86_400_000

export const worldAvailable = knotAvailable && opensslAvailable

export interface CliWorld {
  /** http://127.0.0.1:PORT of the app. */
  url: string
  knot: KnotServer
  /** good.example.test (valid certificate) and expired.example.test, on their own ports. */
  good: TlsSite
  expired: TlsSite
  close(): Promise<void>
}

/**
 * Starts the app as production builds it; `env` adds or overrides settings. The offline location
 * database (63 MB) is read on first use: it is read here, before any run, so that a busy machine
 * does not spend a geolocation run's deadline on it.
 */
export async function listen(env: Record<string, string>): Promise<{ app: TestApp; url: string }> {
  await lookUpLocation({ address: '1.1.1.1', family: 4 })
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const app = await createTestApp({ PUBLIC_URL: url, ...env })
  await app.app.listen({ host: '127.0.0.1', port })
  return { app, url }
}

export async function startCliWorld(env: Record<string, string> = {}): Promise<CliWorld> {
  let knot: KnotServer | undefined
  let rdap: RdapServer | undefined
  let ca: TestCa | undefined
  const sites: TlsSite[] = []
  let app: TestApp | undefined
  const close = async () => {
    await app?.close()
    await Promise.all(sites.map((s) => s.close()))
    await knot?.stop()
    await rdap?.stop()
    await ca?.remove()
  }
  try {
    ca = await createTestCa()
    const good = await ca.issue({ names: ['good.example.test'] })
    const expired = await ca.issue({
      names: ['expired.example.test'],
      notBefore: new Date(Date.now() - 90 * DAY),
      notAfter: new Date(Date.now() - 30 * DAY),
    })
    const hsts = { 'strict-transport-security': 'max-age=31536000' }
    sites.push(await startTlsSite({ host: '127.0.0.11', key: good.key, cert: good.chain, headers: hsts }))
    sites.push(await startTlsSite({ host: '127.0.0.12', key: expired.key, cert: expired.chain, headers: hsts }))
    knot = await startKnot([
      { origin: 'example.test', text: zone('tls-sites.zone') },
      { origin: '100.51.198.in-addr.arpa', text: zone('100.51.198.in-addr.arpa.zone') },
      ...dnsblLabZones({ everyList: true }),
    ])
    rdap = await startRdapServer()
    const started = await listen({
      DNS_SERVERS: knot.endpoint,
      TARGET_ALLOW: LAB.targetAllow,
      RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl,
      EXTRA_CA_FILE: ca.rootFile,
      ...env,
    })
    app = started.app
    const [goodSite, expiredSite] = sites as [TlsSite, TlsSite]
    return { url: started.url, knot, good: goodSite, expired: expiredSite, close }
  } catch (error) {
    await close()
    throw error
  }
}
