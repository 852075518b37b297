// The probe-socket flood: peers with no probe token opening WebSocket upgrades of /socket.io/ from two
// loopback addresses, many at once each, every one sending `42["ready",{"x":"A"×3.9M}]` right behind
// its upgrade request and starting again as soon as it is closed; a bystander on 127.0.0.5 asks
// /healthz every 50 ms. The attackers run in processes of their own. The same attack, in the same run,
// hits three servers, so that the figures say which layer sets the bystander's latency:
//   - bare TCP: a plain Node HTTP server that closes every attacker connection as it is accepted (the
//     floor of any Node server: accepting and closing, with the attackers on the same cores);
//   - bare upgrade: a plain Node HTTP server that reads each upgrade request and refuses it with a
//     static answer (the floor of a server that reads the request, as a token check must);
//   - the site (the real server, a child process), whose probe door refuses the upgrades and cuts the
//     flooding addresses off once they are shut out; a probe with a valid token (127.0.0.6) stays
//     connected throughout.
// All three are attacked once with the attackers at normal priority, once at the lowest (nice 19),
// which leaves the cores to the server first, and once on a core of their own (the attackers pinned
// to CPU 1, the server and the bystander to CPU 0, every thread, with taskset): an attacker on the
// internet spends its own machine's CPU, not the server's, and the last two attacks say what the
// server's latency is when the attackers' CPU is not taken from it. Each attack uses fresh attacker addresses. Then 300 handshakes with a bad token.
// Prints, per server: the bystander's p50/p99 unloaded and under attack, the server's CPU per 1000
// connections, the attackers' CPU; the site's RSS; the ratios site/bare. Targets: /healthz p99 under
// attack <= 50 ms, RSS growth <= 50 MB.
// Run: node bench/probe-socket-flood.ts [attack seconds=30] [connections per address=60] [frame characters=3900000]
// (frame characters 0: only the upgrade requests, as a WebSocket client sends when it is refused)
// (`--site-node-option=<option>`, repeatable: a Node option for the site's process only, such as
// `--max-semi-space-size=32`.)
// (`node bench/probe-socket-flood.ts --attacker PORT ADDRESS CONNECTIONS SECONDS FRAME NICE [CPUS]` is one attacker.)
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import net from 'node:net'
import { setPriority, tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from '../test/support/net/ports.ts'
import { clientTextFrame, connectProbeClient, rawUpgrade } from '../test/support/probes/probe-client.ts'
import { type Bystander, percentile, rssMb, sampleBystander, timeHealthz } from './bystander.ts'

const attackerMode = process.argv[2] === '--attacker'
const SITE_NODE_OPTION = '--site-node-option='
/** Node options for the site's process only (`--site-node-option=--max-semi-space-size=32`). */
const siteNodeOptions = process.argv.flatMap((arg) =>
  arg.startsWith(SITE_NODE_OPTION) ? [arg.slice(SITE_NODE_OPTION.length)] : [],
)
const args = process.argv.filter((arg) => !arg.startsWith(SITE_NODE_OPTION))
const attackSeconds = attackerMode ? 0 : Number(args[2] ?? 30)
const perAddress = attackerMode ? 0 : Number(args[3] ?? 60)
/** Characters of the "ready" frame sent behind each upgrade request (the attacker processes get it too). */
const frameChars = Number((attackerMode ? args[7] : args[4]) ?? 3_900_000)
/** Connections one attacker process opens in all, at most: it stops at this count or at the end of its time. */
const MAX_CONNECTIONS = 200_000
const HOST = '127.0.0.1'
const BYSTANDER = '127.0.0.5'
const TOKEN = 'bench-probe-token-0123456789'
/** The attacks of one run, each from fresh addresses (a site remembers an address it has shut out). */
const ATTACKS: ReadonlyArray<{ priority: string; nice: number; ownCore?: true }> = [
  { priority: 'normal', nice: 0 },
  { priority: 'lowest (nice 19)', nice: 19 },
  { priority: 'normal priority, on their own core', nice: 0, ownCore: true },
]
/** The CPUs of the own-core attack: the attackers on one, the server and the bystander on the other. */
const ATTACKER_CPU = '1'
const SERVER_CPU = '0'
const ALL_CPUS = '0-1'

/** Pins every thread of a process to `cpus` (taskset, util-linux). */
function pin(pid: number, cpus: string) {
  const result = spawnSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' })
  if (result.status !== 0) throw new Error(`taskset could not pin process ${pid} to CPU ${cpus}`)
}
const repoRoot = path.resolve(import.meta.dirname, '..')
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const bystanderAt = (port: number): Bystander => ({ host: HOST, port, localAddress: BYSTANDER, timeoutMs: 10_000 })
const healthz = (port: number) => timeHealthz(bystanderAt(port))
const sampleHealthz = (port: number, ms: number) => sampleBystander(bystanderAt(port), ms)

/** CPU time the process has used, user and system, in seconds. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return (Number(fields[11]) + Number(fields[12])) / 100
}

const FLOOD_FRAME = frameChars > 0 ? clientTextFrame(`42["ready",{"x":"${'A'.repeat(frameChars)}"}]`) : Buffer.alloc(0)
const UPGRADE = (port: number) =>
  Buffer.from(
    [
      'GET /socket.io/?EIO=4&transport=websocket HTTP/1.1',
      `Host: ${HOST}:${port}`,
      'Connection: Upgrade',
      'Upgrade: websocket',
      'Sec-WebSocket-Version: 13',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      '',
      '',
    ].join('\r\n'),
  )

interface AttackCount {
  opened: number
  upgraded: number
  /** CPU seconds the attacker processes used. */
  cpu: number
}

/** One attacker connection after another from `localAddress`, until `stop` or the count is reached. */
function attacker(port: number, localAddress: string, count: AttackCount, stop: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const next = () => {
      if (stop.aborted || count.opened >= MAX_CONNECTIONS) return resolve()
      count.opened += 1
      const socket = net.connect({ host: HOST, port, localAddress })
      let first = true
      socket.on('error', () => {})
      socket.on('data', (chunk: Buffer) => {
        if (first && chunk.toString('latin1').startsWith('HTTP/1.1 101')) count.upgraded += 1
        first = false
      })
      // The frame goes right behind the upgrade request, as if the upgrade had been granted.
      socket.on('connect', () => {
        socket.write(UPGRADE(port))
        socket.write(FLOOD_FRAME)
      })
      const destroy = () => socket.destroy()
      const end = setTimeout(destroy, 5000)
      stop.addEventListener('abort', destroy, { once: true })
      socket.on('close', () => {
        clearTimeout(end)
        stop.removeEventListener('abort', destroy)
        setImmediate(next)
      })
    }
    next()
  })
}

/** This process as one attacker: `connections` at a time from `address` for `seconds`; prints its counts. */
async function runAttacker(
  port: number,
  address: string,
  connections: number,
  seconds: number,
  nice: number,
  cpus: string,
) {
  if (nice > 0) setPriority(nice)
  if (cpus !== '') pin(process.pid, cpus)
  const stop = new AbortController()
  const count: AttackCount = { opened: 0, upgraded: 0, cpu: 0 }
  setTimeout(() => stop.abort(), seconds * 1000)
  await Promise.all(Array.from({ length: connections }, () => attacker(port, address, count, stop.signal)))
  const used = process.cpuUsage()
  count.cpu = (used.user + used.system) / 1e6
  process.stdout.write(`${JSON.stringify(count)}\n`)
}

/** Starts one attacker process; resolves with its counts once it has ended. */
function spawnAttacker(port: number, address: string, seconds: number, nice: number, cpus = ''): Promise<AttackCount> {
  const args = [String(port), address, String(perAddress), String(seconds), String(frameChars), String(nice), cpus]
  const attackerProcess = spawn(process.execPath, [import.meta.filename, '--attacker', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  attackerProcess.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  return new Promise((resolve) => {
    attackerProcess.once('exit', () => resolve(JSON.parse(output || '{"opened":0,"upgraded":0,"cpu":0}')))
  })
}

/** The bare references: plain Node HTTP servers answering /healthz, refusing the attack in the cheapest ways. */
const BARE_SERVERS = {
  'bare TCP': [
    "const http = require('node:http')",
    "http.createServer((q, s) => s.end('ok'))",
    `  .on('connection', (socket) => { if (socket.remoteAddress !== '${BYSTANDER}') socket.destroy() })`,
  ],
  'bare upgrade': [
    "const http = require('node:http')",
    "const refusal = Buffer.from('HTTP/1.1 401 Unauthorized\\r\\nConnection: close\\r\\nContent-Length: 0\\r\\n\\r\\n')",
    "http.createServer((q, s) => s.end('ok'))",
    "  .on('upgrade', (q, socket) => { socket.on('error', () => {}); socket.write(refusal); socket.destroy() })",
  ],
}

function startBareServer(lines: string[], port: number): ChildProcess {
  const script = [...lines.slice(0, -1), `${lines.at(-1)}.listen(${port}, '${HOST}')`].join('\n')
  return spawn(process.execPath, ['-e', script], { stdio: 'ignore' })
}

interface Measured {
  unloaded: number[]
  attacks: Array<{ during: number[]; counts: AttackCount; serverCpu: number }>
}

/** The bystander's /healthz samples while two attacker processes from `addresses` run for `seconds`. */
async function underAttack(port: number, pid: number, addresses: string[], attack: (typeof ATTACKS)[number]) {
  if (attack.ownCore) for (const target of [pid, process.pid]) pin(target, SERVER_CPU)
  const cpuBefore = cpuSeconds(pid)
  const attacking = Promise.all(
    addresses.map((address) =>
      spawnAttacker(port, address, attackSeconds, attack.nice, attack.ownCore ? ATTACKER_CPU : ''),
    ),
  )
  const during = await sampleHealthz(port, attackSeconds * 1000)
  const serverCpu = cpuSeconds(pid) - cpuBefore
  if (attack.ownCore) for (const target of [pid, process.pid]) pin(target, ALL_CPUS)
  const counts = (await attacking).reduce(
    (sum, count) => ({
      opened: sum.opened + count.opened,
      upgraded: sum.upgraded + count.upgraded,
      cpu: sum.cpu + count.cpu,
    }),
    { opened: 0, upgraded: 0, cpu: 0 },
  )
  return { during, counts, serverCpu }
}

const attackAddresses = (target: number, attack: number) =>
  [0, 1].map((i) => `127.0.${10 + target}.${10 + 2 * attack + i}`)

interface Target {
  name: string
  port: number
  pid: number
}

/** Every server unloaded, then each attack of ATTACKS against each server in turn (so drift hits all). */
async function measureAll(targets: Target[]): Promise<Record<string, Measured>> {
  const results: Record<string, Measured> = {}
  for (const { name, port } of targets) results[name] = { unloaded: await sampleHealthz(port, 10_000), attacks: [] }
  for (const [index, attack] of ATTACKS.entries()) {
    for (const [number, { name, port, pid }] of targets.entries()) {
      results[name]?.attacks.push(await underAttack(port, pid, attackAddresses(number, index), attack))
      await sleep(3000)
    }
  }
  return results
}

const ms = (value: number) => `${value.toFixed(1)} ms`
const okSamples = (samples: number[]) => samples.filter((value) => value !== Number.POSITIVE_INFINITY)

function report(results: Record<string, Measured>) {
  const names = Object.keys(results)
  for (const name of names) {
    const unloaded = results[name]?.unloaded ?? []
    console.log(
      `  ${name.padEnd(13)} unloaded: p50 ${ms(percentile(unloaded, 50))}, p99 ${ms(percentile(unloaded, 99))}`,
    )
  }
  const p99 = (name: string, attack: number) => percentile(okSamples(results[name]?.attacks[attack]?.during ?? []), 99)
  for (const [index, attack] of ATTACKS.entries()) {
    console.log(`attackers at ${attack.priority}${attack.ownCore ? '' : ' priority'}:`)
    for (const name of names) {
      const { during, counts, serverCpu } = results[name]?.attacks[index] ?? {
        during: [],
        counts: undefined,
        serverCpu: 0,
      }
      const ok = okSamples(during)
      console.log(
        `  ${name.padEnd(13)} p50 ${ms(percentile(ok, 50))}, p99 ${ms(p99(name, index))} ` +
          `(${(p99(name, index) / percentile(results[name]?.unloaded ?? [], 99)).toFixed(1)} × its unloaded p99; ` +
          `${during.length - ok.length} of ${during.length} failed); ` +
          `${counts?.opened} connections (${counts?.upgraded} upgraded); server CPU ${serverCpu.toFixed(1)} s ` +
          `(${((serverCpu * 1e6) / Math.max(1, counts?.opened ?? 0)).toFixed(0)} µs per connection); attackers' CPU ${counts?.cpu.toFixed(1)} s`,
      )
    }
    const site = p99('site', index)
    console.log(
      `  p99 ratios: site/bare upgrade ${(site / p99('bare upgrade', index)).toFixed(2)}, site/bare TCP ${(site / p99('bare TCP', index)).toFixed(2)}`,
    )
  }
  return {
    siteP99: p99('site', 0),
    floorP99: p99('bare TCP', 0),
    siteNiceP99: p99('site', 1),
    siteOwnCoreP99: p99('site', 2),
  }
}

if (attackerMode) {
  const [port, address, connections, seconds, , nice, cpus] = process.argv.slice(3)
  await runAttacker(
    Number(port),
    address ?? '127.0.0.2',
    Number(connections),
    Number(seconds),
    Number(nice ?? 0),
    cpus ?? '',
  )
} else {
  await runBench()
}

async function waitForHealthz(port: number) {
  for (let i = 0; i < 600 && (await healthz(port)) === Number.POSITIVE_INFINITY; i++) await sleep(100)
}

async function runBench() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ntb-probe-flood-'))
  const port = await freePort(HOST)
  const child = spawn(process.execPath, [...siteNodeOptions, path.join(repoRoot, 'src/server/server.ts')], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST,
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      LOCAL_PROBE: 'false',
      PROBE_TOKENS: `bench:${TOKEN}`,
      WEB_DIST: path.join(repoRoot, 'dist/no-web-bundle'),
    },
  })
  const siteUrl = `http://${HOST}:${port}`
  const bareTargets: Target[] = []
  const bareServers: ChildProcess[] = []
  try {
    for (const [name, lines] of Object.entries(BARE_SERVERS)) {
      const barePort = await freePort(HOST)
      const bare = startBareServer(lines, barePort)
      bareServers.push(bare)
      bareTargets.push({ name, port: barePort, pid: bare.pid ?? 0 })
      await waitForHealthz(barePort)
    }
    await waitForHealthz(port)
    const pid = child.pid ?? 0
    const probe = await connectProbeClient(siteUrl, { token: TOKEN, name: 'bystander', localAddress: '127.0.0.6' })
    const probeDisconnects: string[] = []
    probe.on('disconnect', (reason) => {
      probeDisconnects.push(reason)
    })
    // Warm-up: a short attack first, so "before" already includes the code the attack runs (compiled
    // code, grown buffers), and what stays after the measured attacks is what they leave.
    await Promise.all(['127.0.0.7', '127.0.0.8'].map((address) => spawnAttacker(port, address, 3, 0)))
    await sleep(5000)
    const rssBefore = rssMb(pid)
    let rssPeak = rssBefore
    const watcher = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssMb(pid))
    }, 250)
    const results = await measureAll([...bareTargets, { name: 'site', port, pid }])
    clearInterval(watcher)

    // 300 handshakes with a bad token, 10 at a time, from one address.
    const badStarted = performance.now()
    const answers: Record<string, number> = {}
    for (let batch = 0; batch < 30; batch += 1) {
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, () =>
          rawUpgrade(siteUrl, { localAddress: '127.0.0.4', headers: { Authorization: 'Bearer guessed-token' } }).catch(
            (error: NodeJS.ErrnoException) => ({ statusLine: error.code ?? 'error', body: '' }),
          ),
        ),
      )
      for (const { statusLine, body } of outcomes) {
        const key = `${statusLine} ${body}`.trim() || '(no answer)'
        answers[key] = (answers[key] ?? 0) + 1
      }
    }
    const badSeconds = (performance.now() - badStarted) / 1000

    await sleep(10_000)
    const rssAfter = rssMb(pid)
    const stillConnected = probe.connected
    const disconnects = [...probeDisconnects]
    probe.close()

    console.log(
      `${siteNodeOptions.length > 0 ? `site started with ${siteNodeOptions.join(' ')}; ` : ''}attack: ${attackSeconds} s, ${perAddress} connections at a time from each of two addresses, no token, ` +
        (frameChars > 0
          ? `a ${(frameChars / 1e6).toFixed(1)} MB "ready" frame behind every upgrade request`
          : 'upgrade requests only'),
    )
    const { siteP99, floorP99, siteNiceP99, siteOwnCoreP99 } = report(results)
    const growth = Math.max(rssPeak, rssAfter) - rssBefore
    console.log(
      `site RSS: ${rssBefore.toFixed(0)} MB before, ${rssPeak.toFixed(0)} MB at the peak, ${rssAfter.toFixed(0)} MB 10 s after ` +
        `(growth ${growth.toFixed(0)} MB)`,
    )
    console.log(
      `valid probe on 127.0.0.6: ${stillConnected ? 'still connected' : 'NOT connected'}, ${disconnects.length} disconnects ${disconnects.join(', ')}`,
    )
    console.log(`300 bad-token handshakes from 127.0.0.4 in ${badSeconds.toFixed(1)} s:`)
    for (const [answer, count] of Object.entries(answers)) console.log(`  ${count} × ${answer}`)
    console.log(
      `targets: p99 <= 50 ms: ${siteP99 <= 50 ? 'met' : 'MISSED'} (attackers at normal priority), ` +
        `${siteNiceP99 <= 50 ? 'met' : 'MISSED'} (attackers at the lowest), ` +
        `${siteOwnCoreP99 <= 50 ? 'met' : 'MISSED'} (attackers on their own core); RSS growth <= 50 MB: ${growth <= 50 ? 'met' : 'MISSED'}`,
    )
    if (siteP99 > 50 && floorP99 > 50) {
      console.log(
        `  at normal priority the bare TCP floor itself is ${ms(floorP99)}: a server that only accepts and closes ` +
          'does not meet the target on this machine, so the attackers on the same cores set the limit there',
      )
    }
  } finally {
    child.kill()
    for (const bare of bareServers) bare.kill()
    await rm(dataDir, { recursive: true, force: true })
  }
}
