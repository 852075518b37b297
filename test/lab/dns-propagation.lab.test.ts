// DNS propagation in the lab: the app runs in `client`; in `srv`, the lab's Knot also serves a
// stand-in root that delegates "moved." to two name servers, each its own Knot on its own srv
// address, one with the zone's new serial and address, one still on the old ones. The SOA serials
// are compared across both routers.
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DnsResult } from '../../src/shared/tools/dns/schema.ts'
import { knotConfig, zoneFile } from '../support/dns/knot.ts'
import type { AppInNamespace } from './app-in-namespace.ts'
import type { Lab, LabProcess } from './lab.ts'
import { type LabWithApp, startLabWithApp } from './lab-with-app.ts'
import { knotAvailable } from './peers.ts'

const NS1 = '203.0.113.51'
const NS2 = '203.0.113.52'
const KNOTD = ['/usr/sbin/knotd', '/usr/bin/knotd'].find((p) => existsSync(p)) ?? 'knotd'
const DNS_PROBE = fileURLToPath(new URL('./scripts/dns-probe.ts', import.meta.url))

const ROOT = `$ORIGIN .
$TTL 300
@           IN SOA ns.lab.test. hostmaster.lab.test. 2026010101 7200 3600 1209600 300
@           IN NS  ns.lab.test.
moved.      IN NS  ns1.moved.
moved.      IN NS  ns2.moved.
ns1.moved.  IN A   ${NS1}
ns2.moved.  IN A   ${NS2}
`
const moved = (serial: number, address: string) => `$ORIGIN moved.
$TTL 300
@    IN SOA ns1.moved. hostmaster.moved. ${serial} 7200 3600 1209600 300
@    IN NS  ns1.moved.
@    IN NS  ns2.moved.
ns1  IN A   ${NS1}
ns2  IN A   ${NS2}
www  IN A   ${address}
`

let world: LabWithApp | null = null
let app: AppInNamespace | undefined
const servers: { process: LabProcess; dir: string }[] = []

/** One Knot in srv on `address`:53 serving "moved." with the given serial. */
async function startNameServer(lab: Lab, address: string, serial: number, www: string) {
  await lab.exec('srv', 'ip', ['addr', 'add', `${address}/24`, 'dev', 'eth0'])
  const dir = await mkdtemp(path.join(tmpdir(), 'ntb-lab-moved-'))
  const zones = [{ origin: 'moved', text: moved(serial, www) }]
  for (const zone of zones) await writeFile(path.join(dir, zoneFile(zone.origin)), zone.text)
  await writeFile(path.join(dir, 'knot.conf'), knotConfig(dir, [`${address}@53`], zones))
  const knot = lab.spawn('srv', KNOTD, ['-c', path.join(dir, 'knot.conf')])
  servers.push({ process: knot, dir })
  // Ready once it answers the zone's SOA, asked from client as all lab traffic is.
  const deadline = Date.now() + 15_000
  for (;;) {
    if (knot.child.exitCode !== null) throw new Error(`knotd on ${address} exited: ${knot.output()}`)
    try {
      await lab.execNode('client', DNS_PROBE, [address, '53', 'moved'], 5000)
      return
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`knotd on ${address} did not serve moved.`, { cause: error })
      await new Promise((r) => setTimeout(r, 100))
    }
  }
}

beforeAll(async () => {
  world = await startLabWithApp({
    suite: 'DNS propagation lab tests',
    needs: { knotd: knotAvailable },
    zones: [{ origin: '.', text: ROOT }],
    prepare: async (lab) => {
      await startNameServer(lab, NS1, 2026112702, '198.51.100.20')
      await startNameServer(lab, NS2, 2026112601, '198.51.100.10')
      // The lab's Knot stands in for the root and for the one public resolver asked.
      const knot = lab.addresses.srv.v4
      return { DNS_ROOT_HINTS: knot, DNS_PUBLIC_RESOLVERS: knot }
    },
  })
  app = world?.app
}, 180_000)

afterAll(async () => {
  for (const server of servers) {
    await server.process.stop()
    await rm(server.dir, { recursive: true, force: true })
  }
  await world?.stop()
})

describe('DNS propagation in the lab', () => {
  it('compares the SOA serials of the two name servers in srv and flags the one behind', async (ctx) => {
    if (!app) return ctx.skip()
    const res = await app.runTool('dns', 'www.moved', { type: 'A', propagation: true })
    expect(res.status).toBe(200)
    const result = (res.json() as { result: DnsResult }).result
    const soa = result.propagation?.soa
    expect(soa?.zone).toBe('moved.')
    expect(soa?.servers.map((s) => [s.name, s.server, s.state, s.serial, s.behindBy])).toEqual([
      ['ns1.moved', `${NS1}:53`, 'current', 2026112702, undefined],
      ['ns2.moved', `${NS2}:53`, 'behind', 2026112601, 101],
    ])
    expect(soa?.verdict).toBe(
      '1 of 2 authoritative servers is behind the highest serial 2026112702: ns2.moved (2026112601, 101 behind)',
    )
    const authoritative = result.propagation?.servers.filter((s) => s.role === 'authoritative')
    expect(authoritative?.map((s) => [s.name, s.answers.join(' ')])).toEqual([
      ['ns1.moved', '198.51.100.20'],
      ['ns2.moved', '198.51.100.10'],
    ])
  })
})
