// Brings the lab up by hand (as root) and keeps it until Ctrl-C:
//   node test/lab/up.ts          namespaces ntb-manual-{client,r1,r2,srv} and Knot DNS in srv
//   node test/lab/up.ts --app    also the app in `client`, reachable through a Unix socket
// If this process is killed hard, node test/lab/down.ts removes what it left.
import { type AppInNamespace, startAppInNamespace } from './app-in-namespace.ts'
import { startLab } from './lab.ts'
import { startLabKnot } from './peers.ts'

const lab = await startLab({ owner: 'manual', persistent: true })
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
console.log('Press Ctrl-C to take it down.')

let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  await app?.stop()
  await knot.stop()
  await lab.stop()
  console.log('Lab is down.')
  process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
