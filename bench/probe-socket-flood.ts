// The probe-socket flood: the real server (a child process on loopback) against peers with no probe
// token opening WebSocket upgrades of /socket.io/ from two addresses (127.0.0.2 and 127.0.0.3), many
// at once each, every one sending `42["ready",{"x":"A"×3.9M}]` right behind its upgrade request and
// starting again as soon as it is closed; then 300 handshakes with a bad token from 127.0.0.4. A
// bystander on 127.0.0.5 asks /healthz every 50 ms, and a probe with a valid token (127.0.0.6) stays
// connected throughout. The attackers run in processes of their own, so that their work does not
// delay the bystander's measurement in this one. Prints the bystander's p50/p99 unloaded and under attack (same run), the
// server's RSS before, at the peak and after, and how the bad-token handshakes were answered.
// Targets: /healthz p99 under attack <= 50 ms, RSS growth <= 50 MB.
// Run: node bench/probe-socket-flood.ts [attack seconds=30] [connections per address=60] [frame characters=3900000]
// (frame characters 0: only the upgrade requests, as a WebSocket client sends when it is refused)
// (`node bench/probe-socket-flood.ts --attacker PORT ADDRESS CONNECTIONS SECONDS` is one attacker process.)
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from '../test/support/net/ports.ts'
import { clientTextFrame, connectProbeClient, rawUpgrade } from '../test/support/probes/probe-client.ts'
import { type Bystander, percentile, rssMb, sampleBystander, timeHealthz } from './bystander.ts'

const attackerMode = process.argv[2] === '--attacker'
const attackSeconds = attackerMode ? 0 : Number(process.argv[2] ?? 30)
const perAddress = attackerMode ? 0 : Number(process.argv[3] ?? 60)
/** Characters of the "ready" frame sent behind each upgrade request (the attacker processes get it too). */
const frameChars = Number((attackerMode ? process.argv[7] : process.argv[4]) ?? 3_900_000)
/** Connections the attack opens in all, at most: it stops at this count or at the end of its time. */
const MAX_CONNECTIONS = 200_000
const HOST = '127.0.0.1'
const TOKEN = 'bench-probe-token-0123456789'
const repoRoot = path.resolve(import.meta.dirname, '..')
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const bystanderAt = (port: number): Bystander => ({ host: HOST, port, localAddress: '127.0.0.5', timeoutMs: 10_000 })
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
async function runAttacker(port: number, address: string, connections: number, seconds: number) {
  const stop = new AbortController()
  const count: AttackCount = { opened: 0, upgraded: 0 }
  setTimeout(() => stop.abort(), seconds * 1000)
  await Promise.all(Array.from({ length: connections }, () => attacker(port, address, count, stop.signal)))
  process.stdout.write(`${JSON.stringify(count)}\n`)
}

/** Starts one attacker process; resolves with its counts once it has ended. */
function spawnAttacker(port: number, address: string, seconds: number): Promise<AttackCount> {
  const attackerProcess = spawn(
    process.execPath,
    [
      import.meta.filename,
      '--attacker',
      String(port),
      address,
      String(perAddress),
      String(seconds),
      String(frameChars),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  let output = ''
  attackerProcess.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  return new Promise((resolve) => {
    attackerProcess.once('exit', () => resolve(JSON.parse(output || '{"opened":0,"upgraded":0}') as AttackCount))
  })
}

/**
 * The bare reference: a plain Node HTTP server that answers /healthz and refuses every upgrade at
 * once. The same attack against it shows what the machine itself allows (the attack's own traffic
 * costs CPU on both sides of the loopback), apart from anything the site does.
 */
function startBareReference(port: number) {
  const script = [
    "const http = require('node:http')",
    "http.createServer((q, s) => s.end('ok'))",
    "  .on('upgrade', (q, socket) => { socket.end('HTTP/1.1 400 Bad Request\\r\\nConnection: close\\r\\n\\r\\n'); socket.destroy() })",
    `  .listen(${port}, '${HOST}')`,
  ].join('\n')
  return spawn(process.execPath, ['-e', script], { stdio: 'ignore' })
}

/** The bystander's /healthz samples while the two attacker processes run for `seconds`. */
async function underAttack(port: number, seconds: number) {
  const attacking = Promise.all(['127.0.0.2', '127.0.0.3'].map((address) => spawnAttacker(port, address, seconds)))
  const during = await sampleHealthz(port, seconds * 1000)
  const counts = (await attacking).reduce(
    (sum, count) => ({ opened: sum.opened + count.opened, upgraded: sum.upgraded + count.upgraded }),
    { opened: 0, upgraded: 0 },
  )
  return { during, counts }
}

function latencyLine(name: string, unloaded: number[], during: number[]) {
  const failed = during.filter((ms) => ms === Number.POSITIVE_INFINITY).length
  const ok = during.filter((ms) => ms !== Number.POSITIVE_INFINITY)
  const p99 = percentile(ok, 99)
  return {
    p99,
    text:
      `  ${name} /healthz: unloaded p50 ${percentile(unloaded, 50).toFixed(1)} ms p99 ${percentile(unloaded, 99).toFixed(1)} ms; ` +
      `under attack p50 ${percentile(ok, 50).toFixed(1)} ms p99 ${p99.toFixed(1)} ms ` +
      `(ratio p99 ${(p99 / percentile(unloaded, 99)).toFixed(2)}), ${failed} of ${during.length} failed`,
  }
}

if (attackerMode) {
  const [port, address, connections, seconds] = process.argv.slice(3)
  await runAttacker(Number(port), address ?? '127.0.0.2', Number(connections), Number(seconds))
} else {
  await runBench()
}

async function runBench() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ntb-probe-flood-'))
  const port = await freePort(HOST)
  const child = spawn(process.execPath, [path.join(repoRoot, 'src/server/server.ts')], {
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
  try {
    for (let i = 0; i < 600 && (await healthz(port)) === Number.POSITIVE_INFINITY; i++) await sleep(100)
    const pid = child.pid ?? 0
    const probe = await connectProbeClient(siteUrl, { token: TOKEN, name: 'bystander', localAddress: '127.0.0.6' })
    const probeDisconnects: string[] = []
    probe.on('disconnect', (reason) => {
      probeDisconnects.push(reason)
    })
    // Warm-up: a short attack first, so "before" already includes the code the attack runs (compiled
    // code, grown buffers), and what stays after the measured attack is what it leaves.
    await Promise.all(['127.0.0.7', '127.0.0.8'].map((address) => spawnAttacker(port, address, 3)))
    await sleep(5000)
    const rssBefore = rssMb(pid)
    const reference = await sampleHealthz(port, 10_000)

    let rssPeak = rssBefore
    const watcher = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssMb(pid))
    }, 250)
    const cpuBefore = cpuSeconds(pid)
    const { during, counts } = await underAttack(port, attackSeconds)
    clearInterval(watcher)
    const serverCpu = cpuSeconds(pid) - cpuBefore

    // 300 handshakes with a bad token, 10 at a time, from one address.
    const badStarted = performance.now()
    const answers: Record<string, number> = {}
    for (let batch = 0; batch < 30; batch += 1) {
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, () =>
          rawUpgrade(siteUrl, { localAddress: '127.0.0.4', headers: { Authorization: 'Bearer guessed-token' } }),
        ),
      )
      for (const outcome of outcomes) answers[outcome.body] = (answers[outcome.body] ?? 0) + 1
    }
    const badSeconds = (performance.now() - badStarted) / 1000

    await sleep(10_000)
    const rssAfter = rssMb(pid)
    const stillConnected = probe.connected
    const disconnects = [...probeDisconnects]
    probe.close()

    const site = latencyLine('site', reference, during)
    const p99 = site.p99
    const growth = Math.max(rssPeak, rssAfter) - rssBefore
    console.log(
      `attack: ${attackSeconds} s, ${perAddress} connections at a time from each of 127.0.0.2 and 127.0.0.3, no token, ` +
        (frameChars > 0
          ? `a ${(frameChars / 1e6).toFixed(1)} MB "ready" frame behind every upgrade request`
          : 'upgrade requests only'),
    )
    console.log(`  upgrades attempted: ${counts.opened}, granted: ${counts.upgraded}`)
    console.log(`  server CPU during the attack: ${serverCpu.toFixed(1)} s over ${attackSeconds} s`)
    console.log(site.text)
    console.log(
      `  server RSS: ${rssBefore.toFixed(0)} MB before, ${rssPeak.toFixed(0)} MB at the peak, ${rssAfter.toFixed(0)} MB 10 s after ` +
        `(growth ${growth.toFixed(0)} MB)`,
    )
    console.log(
      `  valid probe on 127.0.0.6: ${stillConnected ? 'still connected' : 'NOT connected'}, ${disconnects.length} disconnects ${disconnects.join(', ')}`,
    )
    console.log(`300 bad-token handshakes from 127.0.0.4 in ${badSeconds.toFixed(1)} s:`)
    for (const [body, count] of Object.entries(answers)) console.log(`  ${count} × ${body || '(no answer)'}`)
    console.log(
      `targets: p99 <= 50 ms: ${p99 <= 50 ? 'met' : 'MISSED'}; RSS growth <= 50 MB: ${growth <= 50 ? 'met' : 'MISSED'}`,
    )
    const barePort = await freePort(HOST)
    const bare = startBareReference(barePort)
    try {
      for (let i = 0; i < 300 && (await healthz(barePort)) === Number.POSITIVE_INFINITY; i++) await sleep(100)
      const bareUnloaded = await sampleHealthz(barePort, 10_000)
      const bareAttack = await underAttack(barePort, attackSeconds)
      console.log(
        `the same attack against a bare Node server that refuses every upgrade (${bareAttack.counts.opened} upgrades):`,
      )
      const reference = latencyLine('bare server', bareUnloaded, bareAttack.during)
      console.log(reference.text)
      console.log(`  site p99 under attack / bare server p99 under attack: ${(p99 / reference.p99).toFixed(2)}`)
    } finally {
      bare.kill()
    }
  } finally {
    child.kill()
    await rm(dataDir, { recursive: true, force: true })
  }
}
