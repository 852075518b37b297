// Captures real ping output in the lab as parser fixtures (the .txt half of each pair).
// Run as root: node test/lab/capture-ping-fixtures.ts — then review and update each <case>.json.
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { type IpLiteral, parseIpLiteral } from '../../src/diagnostics/net/ip-literal.ts'
import { buildPingArgs } from '../../src/diagnostics/ping/args.ts'
import { type LabNamespace, REPO_ROOT, startLab } from './lab.ts'
import { startLabKnot } from './peers.ts'

function literal(text: string): IpLiteral {
  const parsed = parseIpLiteral(text)
  if (!parsed) throw new Error(`${text} is not an IP address`)
  return parsed
}

const FIXTURES = path.join(REPO_ROOT, 'src/diagnostics/ping/fixtures')

const started = await startLab()
if (!started) process.exit(1)
const lab = started

function capture(name: string, ns: LabNamespace, args: string[]) {
  const run = spawnSync('ip', ['netns', 'exec', lab.names[ns], 'ping', ...args], { encoding: 'utf8', timeout: 60_000 })
  writeFileSync(path.join(FIXTURES, `${name}.txt`), `${run.stdout}${run.stderr}`)
  console.log(`${name}: exit ${run.status}`)
}

const args = (address: string, count = 4) =>
  buildPingArgs({ address: literal(address), count, intervalSec: 1, replyWaitSec: 2 })

try {
  const knot = await startLabKnot(lab)
  const a = lab.addresses
  capture('ipv4-success', 'client', args(a.srv.v4))
  capture('ipv6-success', 'client', args(a.srv.v6))
  capture('ipv4-total-loss', 'client', args(a.unused.v4))
  capture('ipv6-total-loss', 'client', args(a.unused.v6))
  // A neighbour that never answers ARP: the client's own kernel reports the host unreachable.
  capture('ipv4-host-unreachable', 'client', args('198.51.100.20', 5))
  // r1 has no route to this address at all.
  capture('network-unreachable', 'r1', args('198.51.100.200'))
  // ping resolving a name itself (not what the tool does, but output it may meet): NXDOMAIN from lab Knot.
  capture('unknown-host', 'client', ['-n', '-c', '1', 'nosuch.lab.test'])
  // A token bucket far too small for the replies on srv's link: some replies queue late, some are dropped.
  await lab.exec('srv', 'tc', [
    'qdisc',
    'replace',
    'dev',
    'eth0',
    'root',
    'tbf',
    'rate',
    '400bit',
    'burst',
    '100b',
    'latency',
    '1ms',
  ])
  capture('ipv4-partial-loss', 'client', args(a.srv.v4, 6))
  await knot.stop()
} finally {
  await lab.stop()
}
