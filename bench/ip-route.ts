// The hot path: requests per second of GET /api/ip on the real server (a child process with its
// production settings) against a bare Fastify route answering the same text, in another child
// process, measured side by side with the same client (autocannon) in the same run, rounds
// interleaved. Prints both rates and the ratio (target ≥ 0.8): the median of each round's ratio,
// since on a shared machine the load drifts between rounds more than within one. Also prints the
// server's CPU time per request (Linux /proc), which the machine's other load disturbs far less:
// their ratio is the rate ratio a saturated server would reach.
// Run: node bench/ip-route.ts [seconds per round=3] [rounds=7] [connections=32]
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from '../test/support/net/ports.ts'

interface Result {
  requests: { average: number; total: number }
  non2xx: number
  errors: number
}
type Autocannon = (options: Record<string, unknown>) => PromiseLike<Result>
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

const seconds = Number(process.argv[2] ?? 3)
const rounds = Number(process.argv[3] ?? 7)
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

/** CPU seconds (user + system) a process has used so far; clock ticks of 1/100 s. */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

interface Round {
  rate: number
  /** Server CPU microseconds per request. */
  cpuPerRequest: number
}

async function measure(url: string, pid: number): Promise<Round> {
  const cpuBefore = await cpuSeconds(pid)
  const result = await autocannon({ url, connections, duration: seconds, headers: { 'user-agent': 'curl/8.0' } })
  const cpu = (await cpuSeconds(pid)) - cpuBefore
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return { rate: result.requests.average, cpuPerRequest: (cpu * 1e6) / result.requests.total }
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
  const [oursPid, barePid] = children.map((child) => child.pid ?? 0)
  const ours = () => measure(`http://127.0.0.1:${oursPort}/api/ip`, oursPid ?? 0)
  const bare = () => measure(`http://127.0.0.1:${barePort}/api/ip`, barePid ?? 0)
  await ours()
  await bare()
  const oursRounds: Round[] = []
  const bareRounds: Round[] = []
  for (let i = 0; i < rounds; i++) {
    oursRounds.push(await ours())
    bareRounds.push(await bare())
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
  const list = (values: number[], digits = 0) => values.map((v) => v.toFixed(digits)).join(', ')
  const rates = (r: Round[]) => r.map((round) => round.rate)
  const cpu = (r: Round[]) => r.map((round) => round.cpuPerRequest)
  const ratios = oursRounds.map((round, i) => round.rate / (bareRounds[i]?.rate ?? round.rate))
  const ratio = median(ratios)
  const cpuRatio = median(cpu(bareRounds)) / median(cpu(oursRounds))
  console.log(`GET /api/ip, ${connections} connections, ${rounds} rounds of ${seconds} s, interleaved`)
  console.log(`NetToolbox (production settings)  req/s ${list(rates(oursRounds))}`)
  console.log(`bare Fastify, same answer         req/s ${list(rates(bareRounds))}`)
  console.log(`ratio per round                   ${list(ratios, 2)}`)
  console.log(`NetToolbox CPU µs per request     ${list(cpu(oursRounds), 1)}`)
  console.log(`bare Fastify CPU µs per request   ${list(cpu(bareRounds), 1)}`)
  console.log(`median ratio ${ratio.toFixed(2)} (target ≥ 0.8) ${ratio >= 0.8 ? 'ok' : 'OUT'}`)
  console.log(`CPU per request, bare / ours (medians): ${cpuRatio.toFixed(2)}`)
  await rm(bareScript, { force: true })
} finally {
  for (const child of children) child.kill()
  await rm(dir, { recursive: true, force: true })
}
