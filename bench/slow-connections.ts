// The slow-connection attack of the load benchmarks: the real server (a child process on loopback),
// an attacker on 127.0.0.2 opening many connections that send headers and then trickle a body, and
// a bystander on 127.0.0.3 asking /healthz once every 50 ms. Prints the connections the attacker
// managed to hold, the bystander's /healthz p50/p99 during the attack against the same measured
// unloaded first, and the server's RSS before, at the peak and after the attack.
// Run: node bench/slow-connections.ts [connections=15000] [attack seconds=20]
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from '../test/support/net/ports.ts'
import { type Bystander, percentile, rssMb, sampleBystander, timeHealthz } from './bystander.ts'

const connections = Number(process.argv[2] ?? 15_000)
const attackSeconds = Number(process.argv[3] ?? 20)
const repoRoot = path.resolve(import.meta.dirname, '..')
const HOST = '127.0.0.1'
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const bystanderAt = (port: number): Bystander => ({ host: HOST, port, localAddress: '127.0.0.3', timeoutMs: 5000 })
const healthz = (port: number) => timeHealthz(bystanderAt(port))
const sampleHealthz = (port: number, ms: number) => sampleBystander(bystanderAt(port), ms)

function attack(port: number, open: Set<net.Socket>, stop: AbortSignal): void {
  let started = 0
  const next = () => {
    if (stop.aborted || started >= connections) return
    started++
    const socket = net.connect({ host: HOST, port, localAddress: '127.0.0.2' })
    open.add(socket)
    socket.on('error', () => {})
    socket.resume()
    socket.on('close', () => open.delete(socket))
    socket.on('connect', () => {
      socket.write(
        'POST /api/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{',
      )
      const drip = setInterval(() => (socket.destroyed ? clearInterval(drip) : socket.write(' ')), 1000)
      socket.on('close', () => clearInterval(drip))
    })
    // Open connections steadily (about 2,000 a second), as a scripted attacker would.
    if (started % 100 === 0) setTimeout(next, 50)
    else setImmediate(next)
  }
  next()
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'ntb-slow-bench-'))
const port = await freePort(HOST)
const metricsPort = await freePort(HOST)
/** The server's V8 heap in use, from its own /metrics: RSS may stay high after garbage is freed. */
async function heapMb(): Promise<number> {
  const text = await (await fetch(`http://${HOST}:${metricsPort}/metrics`)).text()
  const line = text.split('\n').find((l) => l.startsWith('nettoolbox_nodejs_heap_size_used_bytes '))
  return Number(line?.split(' ')[1] ?? Number.NaN) / 2 ** 20
}
const child = spawn(process.execPath, [path.join(repoRoot, 'src/server/server.ts')], {
  cwd: repoRoot,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    HOST,
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    METRICS_PORT: String(metricsPort),
  },
})
try {
  for (let i = 0; i < 300 && (await healthz(port)) === Number.POSITIVE_INFINITY; i++) await sleep(100)
  const pid = child.pid ?? 0
  await sampleHealthz(port, 2000)
  // Warm-up: a short attack first, so "before" already includes the code the attack runs (the JIT's
  // compiled code, grown buffers), and what stays after the measured rounds is what they leave.
  {
    const warm = new Set<net.Socket>()
    const stop = new AbortController()
    attack(port, warm, stop.signal)
    await sleep(3000)
    stop.abort()
    for (const socket of warm) socket.destroy()
    await sleep(10_000)
  }
  const rssBefore = rssMb(pid)
  const heapBefore = await heapMb()
  const reference = await sampleHealthz(port, 5000)

  // Two rounds: memory that a round leaves behind must not grow with the next one.
  for (const round of [1, 2]) {
    const open = new Set<net.Socket>()
    const stop = new AbortController()
    attack(port, open, stop.signal)
    let held = 0
    let rssPeak = rssMb(pid)
    const watcher = setInterval(() => {
      held = Math.max(held, open.size)
      rssPeak = Math.max(rssPeak, rssMb(pid))
    }, 250)
    const during = await sampleHealthz(port, attackSeconds * 1000)
    stop.abort()
    clearInterval(watcher)
    const heldAtEnd = open.size
    for (const socket of open) socket.destroy()
    await sleep(30_000)
    const rssAfter = rssMb(pid)
    const heapAfter = await heapMb()

    const failed = during.filter((ms) => ms === Number.POSITIVE_INFINITY).length
    const ok = during.filter((ms) => ms !== Number.POSITIVE_INFINITY)
    console.log(`round ${round}: ${connections} connections opened from 127.0.0.2 over ${attackSeconds} s`)
    console.log(
      `  attacker connections open at once: at most ${held} (client side, incl. not yet refused), ${heldAtEnd} at the end`,
    )
    console.log(
      `  bystander /healthz: unloaded p50 ${percentile(reference, 50).toFixed(1)} ms p99 ${percentile(reference, 99).toFixed(1)} ms; ` +
        `under attack p50 ${percentile(ok, 50).toFixed(1)} ms p99 ${percentile(ok, 99).toFixed(1)} ms ` +
        `(ratio p99 ${(percentile(ok, 99) / percentile(reference, 99)).toFixed(2)}), ${failed} of ${during.length} failed`,
    )
    console.log(
      `  server RSS: ${rssBefore.toFixed(0)} MB before the attacks, ${rssPeak.toFixed(0)} MB at this round's peak, ${rssAfter.toFixed(0)} MB 30 s after (after/before ${(rssAfter / rssBefore).toFixed(2)})`,
    )
    console.log(
      `  server V8 heap in use: ${heapBefore.toFixed(0)} MB before the attacks, ${heapAfter.toFixed(0)} MB 30 s after`,
    )
  }
} finally {
  child.kill()
  await rm(dataDir, { recursive: true, force: true })
}
