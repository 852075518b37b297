// Brings the lab up by hand (as root) and keeps it until Ctrl-C:
//   node test/lab/up.ts           namespaces ntb-manual-{client,r1,r2,srv} and Knot DNS in srv
//   node test/lab/up.ts --app     also the app in `client`, reachable through a Unix socket
//   node test/lab/up.ts --probes  the probe lab instead (region-plan.ts): three probe regions, the
//                                 site's two processes behind 198.51.100.170, Redis and PostgreSQL
// If this process is killed hard, node test/lab/down.ts removes what it left.
import { type AppInNamespace, startAppInNamespace } from './app-in-namespace.ts'
import { startLab } from './lab.ts'
import { waitForProbes } from './measurement-client.ts'
import { startLabKnot } from './peers.ts'
import { startProbeLab } from './probe-lab.ts'
import { REGION_NAMES, REGIONS, SITE_ADDRESS } from './region-plan.ts'

const manual = { owner: 'manual', persistent: true }
let stop: () => Promise<void>

if (process.argv.includes('--probes')) {
  const world = await startProbeLab({ suite: 'the probe lab', lab: manual, siteEnv: { LOG_LEVEL: 'info' } })
  if (!world) process.exit(1)
  for (const region of REGION_NAMES) world.startProbe(region)
  await waitForProbes(
    world.sites.a,
    REGION_NAMES.map((r) => REGIONS[r].location.name),
    60_000,
  )
  const names = world.lab.names
  console.log(`Probe lab is up. Namespaces: ${Object.values(names).join(', ')}
${REGION_NAMES.map((r) => {
  const region = REGIONS[r]
  return `  ${r.padEnd(5)} probe ${region.location.name} at ${region.probe.v4}: ${region.hops.v4.length} router(s) to srv, ${region.delayMs} ms each way, ${region.rateMbit} Mbit/s`
}).join('\n')}
  site  ${SITE_ADDRESS.v4}:80 → processes a (127.0.0.1:${world.sites.a.port}) and b (127.0.0.1:${world.sites.b.port}) in ${names.site}
Try:
  ip netns exec ${names.far} mtr -n -r -c 3 203.0.113.10
  curl --unix-socket ${world.sites.a.door} http://site/api/probes
  curl --unix-socket ${world.sites.b.door} -H 'content-type: application/json' \\
    -d '{"tool":"ping","input":"203.0.113.10","locations":["any"],"limit":3}' http://site/api/measurements`)
  stop = () => world.stop()
} else {
  const lab = await startLab(manual)
  if (!lab) process.exit(1)
  const knot = await startLabKnot(lab)
  let app: AppInNamespace | undefined
  if (process.argv.includes('--app'))
    app = await startAppInNamespace(lab, { dnsServers: knot.address, env: { LOG_LEVEL: 'info' } })

  const a = lab.addresses
  console.log(`Lab is up. Namespaces: ${Object.values(lab.names).join(', ')}
  client ${a.client.v4} ${a.client.v6}
  r1     ${a.r1.v4} ${a.r1.v6}  (hop 1)
  r2     ${a.r2.v4} ${a.r2.v6}  (hop 2)
  srv    ${a.srv.v4} ${a.srv.v6}  (Knot DNS on port 53: lab.test and reverse zones)
  unused ${a.unused.v4} ${a.unused.v6}  (routed, never answers)
Try:
  ip netns exec ${lab.names.client} ping -c 3 srv.lab.test
  ip netns exec ${lab.names.client} mtr -n -r -c 3 ${a.srv.v4}`)
  if (app) {
    console.log(`  curl --unix-socket ${app.socketPath} -H 'content-type: application/json' \\
    -d '{"input":"srv.lab.test"}' http://lab/api/tools/traceroute`)
  }
  stop = async () => {
    await app?.stop()
    await knot.stop()
    await lab.stop()
  }
}
console.log('Press Ctrl-C to take it down.')

let stopping = false
const takeDown = async () => {
  if (stopping) return
  stopping = true
  await stop()
  console.log('Lab is down.')
  process.exit(0)
}
process.on('SIGINT', () => void takeDown())
process.on('SIGTERM', () => void takeDown())
