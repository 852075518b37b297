// The hot path: requests per second of GET /api/ip on the real server (a child process with its
// production settings) against a bare Fastify route answering the same text, in another child
// process, measured side by side with the same client (autocannon) in the same run, rounds
// interleaved. Prints both rates and the ratio (target ≥ 0.8).
// Run: node bench/ip-route.ts [seconds per round=5] [rounds=3] [connections=32]
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from '../test/support/ports.ts'

interface Result {
  requests: { average: number }
  non2xx: number
  errors: number
}
type Autocannon = (options: Record<string, unknown>) => PromiseLike<Result>
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

const seconds = Number(process.argv[2] ?? 5)
const rounds = Number(process.argv[3] ?? 3)
const connections = Number(process.argv[4] ?? 32)
const repoRoot = path.resolve(import.meta.dirname, '..')

const BARE_SERVER = `
import Fastify from 'fastify'
const app = Fastify({ logger: false })
app.get('/api/ip', async (request, reply) =>
  reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(request.ip + '\\n'))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
console.log('Server listening')
`

function start(script: string, env: Record<string, string>, children: ChildProcess[]): Promise<void> {
  const child = spawn(process.execPath, [script], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  })
  children.push(child)
  return new Promise((resolve, reject) => {
    let log = ''
    const onData = (chunk: Buffer) => {
      log += chunk.toString('utf8')
      if (!/Server listening/.test(log)) return
      // Ours logs every request at info level, as in production: drain it, keep nothing.
      child.stdout?.off('data', onData)
      child.stdout?.resume()
      resolve()
    }
    child.stdout?.on('data', onData)
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before listening`)))
  })
}

async function measure(url: string): Promise<number> {
  const result = await autocannon({ url, connections, duration: seconds, headers: { 'user-agent': 'curl/8.0' } })
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return result.requests.average
}

const dir = await mkdtemp(path.join(tmpdir(), 'ip-route-bench-'))
const children: ChildProcess[] = []
try {
  const [oursPort, barePort] = [await freePort(), await freePort()]
  const bareScript = path.join(repoRoot, 'node_modules', '.ip-route-bench-bare.mjs')
  await writeFile(bareScript, BARE_SERVER)
  await Promise.all([
    start(
      path.join(repoRoot, 'src/server/server.ts'),
      { HOST: '127.0.0.1', PORT: String(oursPort), DATA_DIR: dir },
      children,
    ),
    start(bareScript, { PORT: String(barePort) }, children),
  ])
  const ours = `http://127.0.0.1:${oursPort}/api/ip`
  const bare = `http://127.0.0.1:${barePort}/api/ip`
  await measure(ours)
  await measure(bare)
  const oursRates: number[] = []
  const bareRates: number[] = []
  for (let i = 0; i < rounds; i++) {
    oursRates.push(await measure(ours))
    bareRates.push(await measure(bare))
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
  const [o, b] = [median(oursRates), median(bareRates)]
  console.log(`GET /api/ip, ${connections} connections, ${rounds} rounds of ${seconds} s, interleaved (median req/s)`)
  console.log(`NetToolbox (production settings)  ${oursRates.map((r) => r.toFixed(0)).join(', ')}  → ${o.toFixed(0)}`)
  console.log(`bare Fastify, same answer         ${bareRates.map((r) => r.toFixed(0)).join(', ')}  → ${b.toFixed(0)}`)
  console.log(`ratio ${(o / b).toFixed(2)} (target ≥ 0.8) ${o / b >= 0.8 ? 'ok' : 'OUT'}`)
  await rm(bareScript, { force: true })
} finally {
  for (const child of children) child.kill()
  await rm(dir, { recursive: true, force: true })
}
