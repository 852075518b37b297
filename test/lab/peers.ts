// Peers that live in the lab's srv namespace. Knot DNS is here; Node-based peers (TLS, SMTP,
// HTTP, whois) start with lab.spawnNode('srv', script) and print a line when ready, e.g.:
//   const peer = lab.spawnNode('srv', new URL('./scripts/my-peer.ts', import.meta.url).pathname)
//   await peer.waitForOutput(/^READY/m)
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { knotConfig, zoneFile } from '../support/dns/knot.ts'
import type { Lab, LabProcess } from './lab.ts'
import { type LabZone, labZones } from './lab-zones.ts'

const KNOTD = ['/usr/sbin/knotd', '/usr/bin/knotd'].find((p) => existsSync(p))
const DNS_PROBE = fileURLToPath(new URL('./scripts/dns-probe.ts', import.meta.url))

export const knotAvailable = KNOTD !== undefined
export { type LabZone, labZones }

export interface LabKnot {
  /** "203.0.113.10" — put it in DNS_SERVERS. */
  address: string
  addressV6: string
  port: number
  process: LabProcess
  stop(): Promise<void>
}

/** Waits until Knot answers, asking from inside the client namespace (lab traffic starts there). */
async function waitUntilServing(lab: Lab, knot: LabProcess, address: string, port: number, zone: string) {
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    if (knot.child.exitCode !== null) throw new Error(`knotd exited: ${knot.output()}`)
    try {
      await lab.execNode('client', DNS_PROBE, [address, String(port), zone], 5000)
      return
    } catch {
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  throw new Error(`knotd in srv did not start serving ${zone}: ${knot.output()}`)
}

/** Starts Knot DNS in srv on port 53 of both srv addresses, serving the lab zones plus `extraZones`. */
export async function startLabKnot(lab: Lab, extraZones: LabZone[] = []): Promise<LabKnot> {
  if (!KNOTD) throw new Error('knotd is not installed (Debian package knot)')
  const zones = [...labZones(), ...extraZones]
  const dir = await mkdtemp(path.join(tmpdir(), 'ntb-lab-knot-'))
  const { v4, v6 } = lab.addresses.srv
  const port = 53
  for (const zone of zones) await writeFile(path.join(dir, zoneFile(zone.origin)), zone.text)
  await writeFile(path.join(dir, 'knot.conf'), knotConfig(dir, [`${v4}@${port}`, `${v6}@${port}`], zones))
  const knot = lab.spawn('srv', KNOTD, ['-c', path.join(dir, 'knot.conf')])
  const stop = async () => {
    await knot.stop()
    await rm(dir, { recursive: true, force: true })
  }
  try {
    await waitUntilServing(lab, knot, v4, port, zones[0]?.origin ?? 'lab.test')
  } catch (error) {
    await stop()
    throw error
  }
  return { address: v4, addressV6: v6, port, process: knot, stop }
}
