// Captures real mtr --raw output in the lab as parser fixtures (the .txt half of each pair).
// Run as root: node test/lab/capture-traceroute-fixtures.ts — then review and update each <case>.json
// ({ "target": address, "expected": parseMtr(text, target) }).
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { type IpLiteral, parseIpLiteral } from '../../src/diagnostics/net/ip-literal.ts'
import { buildMtrArgs, type MtrArgsInput } from '../../src/diagnostics/traceroute/args.ts'
import { type LabNamespace, REPO_ROOT, startLab } from './lab.ts'

function literal(text: string): IpLiteral {
  const parsed = parseIpLiteral(text)
  if (!parsed) throw new Error(`${text} is not an IP address`)
  return parsed
}

const FIXTURES = path.join(REPO_ROOT, 'src/diagnostics/traceroute/fixtures')

const started = await startLab()
if (!started) process.exit(1)
const lab = started

function capture(name: string, address: string, patch: Partial<MtrArgsInput> = {}, ns: LabNamespace = 'client') {
  const args = buildMtrArgs({
    address: literal(address),
    count: 3,
    maxHops: 30,
    packetBytes: 60,
    intervalSec: 1,
    graceSec: 2,
    protocol: 'icmp',
    ...patch,
  })
  const run = spawnSync('ip', ['netns', 'exec', lab.names[ns], 'mtr', ...args], { encoding: 'utf8', timeout: 60_000 })
  writeFileSync(path.join(FIXTURES, `${name}.txt`), `${run.stdout}${run.stderr}`)
  console.log(`${name}: exit ${run.status}`)
}

try {
  const a = lab.addresses
  capture('ipv4-reached', a.srv.v4)
  capture('ipv6-reached', a.srv.v6)
  capture('ipv4-unreached', a.unused.v4)
  capture('tcp-closed-port', a.srv.v4, { protocol: 'tcp', port: 80 })
  capture('udp-ipv6', a.srv.v6, { protocol: 'udp', port: 33434 })
  // r1 has no route to this address at all.
  capture('network-unreachable', '198.51.100.200', {}, 'r1')
  // Replies towards the client squeezed through a tiny token bucket on r1: the routers' own ICMP
  // errors are dropped (silent hops) while the destination's replies queue and arrive late.
  await lab.exec('r1', 'tc', [
    'qdisc',
    'replace',
    'dev',
    'to-client',
    'root',
    'tbf',
    'rate',
    '800bit',
    'burst',
    '100b',
    'latency',
    '1ms',
  ])
  capture('ipv4-silent-hops', a.srv.v4, { count: 6 })
} finally {
  await lab.stop()
}
