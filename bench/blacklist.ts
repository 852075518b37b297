// Prints how long checking one address against every shipped list takes, against the slowest
// single list checked alone (the reference: its A answer, plus its TXT reason when it lists the
// address), measured in the same run on a loopback DNS responder that delays each list by a known
// amount. Parallel questions keep the ratio near 1.
// Run: node bench/blacklist.ts
import dgram from 'node:dgram'
import type { AddressInfo } from 'node:net'
import dnsPacket from 'dns-packet'
import { checkZones, planQueries } from '../src/diagnostics/dnsbl/check-zones.ts'
import { createZoneHealthCache } from '../src/diagnostics/dnsbl/zone-health.ts'
import { type DnsblZone, loadDnsblZones } from '../src/diagnostics/dnsbl/zone-list.ts'
import { createNet } from '../src/diagnostics/net/net.ts'

const TARGET = { kind: 'address' as const, address: { address: '198.51.100.10', family: 4 as const } }
const LIMIT = 1.2
const ROUNDS = 5

/** Each list answers every question after its own delay: 10 ms, 16 ms, 22 ms... */
function delays(zones: readonly DnsblZone[]): Map<string, number> {
  return new Map(zones.map((zone, i) => [zone.zone, 10 + i * 6]))
}

function startResponder(delayOf: Map<string, number>): Promise<{ port: number; close(): void }> {
  const socket = dgram.createSocket('udp4')
  socket.on('message', (message, remote) => {
    const query = dnsPacket.decode(message)
    const question = query.questions?.[0]
    if (!question) return
    const zone = [...delayOf.keys()].find((name) => question.name.endsWith(`.${name}`))
    const reply = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE,
      questions: [question],
      answers: question.type === 'A' ? [{ type: 'A', name: question.name, ttl: 60, data: '127.0.0.2' }] : [],
    })
    setTimeout(() => socket.send(reply, remote.port, remote.address), zone ? (delayOf.get(zone) ?? 0) : 0)
  })
  return new Promise((resolve) => {
    socket.bind(0, '127.0.0.1', () =>
      resolve({ port: (socket.address() as AddressInfo).port, close: () => socket.close() }),
    )
  })
}

const alwaysAlive = createZoneHealthCache({ probe: async () => ({ ok: true, how: 'not probed in the bench' }) })

async function timeCheck(zones: readonly DnsblZone[], port: number): Promise<number> {
  const { queries } = planQueries([TARGET], zones)
  const started = performance.now()
  const checks = await checkZones(queries, {
    resolver: { address: '127.0.0.1', port },
    net: createNet({ targetAllow: [], dnsServers: [`127.0.0.1:${port}`] }),
    signal: AbortSignal.timeout(10_000),
    timeoutMs: 5000,
    // The bench measures the fan-out of the target's questions; liveness probes are cached apart.
    health: alwaysAlive,
  })
  const elapsed = performance.now() - started
  const unanswered = checks.filter((check) => check.row.status === 'unverified')
  if (unanswered.length > 0) throw new Error(`${unanswered.length} lists did not answer: ${unanswered[0]?.row.detail}`)
  return elapsed
}

const best = (samples: number[]) => Math.min(...samples)

const zones = loadDnsblZones().zones.filter((zone) => zone.kind !== 'domain' && zone.ipv4)
const delayOf = delays(zones)
const responder = await startResponder(delayOf)
try {
  const alone: { zone: string; ms: number }[] = []
  for (const zone of zones) {
    alone.push({
      zone: zone.zone,
      ms: best([await timeCheck([zone], responder.port), await timeCheck([zone], responder.port)]),
    })
  }
  const slowest = alone.reduce((a, b) => (b.ms > a.ms ? b : a))
  const all: number[] = []
  for (let round = 0; round < ROUNDS; round++) all.push(await timeCheck(zones, responder.port))
  const ratio = best(all) / slowest.ms
  console.log(`lists asked:                 ${zones.length}`)
  console.log(
    `slowest list alone:          ${slowest.ms.toFixed(1)} ms (${slowest.zone}, ${delayOf.get(slowest.zone)} ms per answer)`,
  )
  console.log(`all lists together:          ${best(all).toFixed(1)} ms`)
  console.log(`ratio all / slowest alone:   ${ratio.toFixed(3)} (limit ${LIMIT})`)
  if (ratio > LIMIT) process.exitCode = 1
} finally {
  responder.close()
}
