// Download throughput of our speed-test endpoint (GET /api/speed/down) on loopback against nginx
// serving a static file of the same size, measured with the same client (curl) in the same run,
// runs interleaved; prints the ratio (target ≥ 0.9) and the throughput of the upload sink.
// nginx is measured twice: with its built-in default (sendfile off: the file is read into memory and
// written to the socket, as Node.js does) — the target's reference — and with sendfile on, where the
// kernel sends page-cache pages without copying them; no Node.js server can do that.
// Run: node bench/speed-server.ts [megabytes=100] [runs=5]
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { randomFillSync } from 'node:crypto'
import { chmod, mkdir, mkdtemp, open, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { listeningOrigin } from './server-origin.ts'

const run = promisify(execFile)
const megabytes = Number(process.argv[2] ?? 100)
const runs = Number(process.argv[3] ?? 5)
const bytes = megabytes * 1_000_000
const repoRoot = path.resolve(import.meta.dirname, '..')

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** Starts our server on a port of its choosing and resolves with its base URL from its log. */
function startOurServer(dataDir: string, children: ChildProcess[]): Promise<string> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'src/server/server.ts')], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SPEED_MAX_BYTES: String(bytes),
      SPEED_BYTES_PER_MINUTE: String(1_000_000_000_000),
    },
  })
  children.push(child)
  return listeningOrigin(child)
}

async function waitForUrl(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${url} did not come up`)
}

async function writeStaticFile(file: string, size: number): Promise<void> {
  const handle = await open(file, 'w')
  const block = Buffer.alloc(1_000_000)
  for (let written = 0; written < size; written += block.length) {
    randomFillSync(block)
    await handle.write(block, 0, Math.min(block.length, size - written))
  }
  await handle.close()
}

function nginxConfig(dir: string, port: number, zeroCopyPort: number): string {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${dir}/www;
    sendfile off;
    location / { add_header Cache-Control no-store; }
  }
  server {
    listen 127.0.0.1:${zeroCopyPort};
    root ${dir}/www;
    location / { add_header Cache-Control no-store; }
  }
}
`
}

/** Bytes per second curl reports for one download (body discarded). */
async function curlDownload(url: string): Promise<number> {
  const { stdout } = await run('curl', [
    '-s',
    '-o',
    '/dev/null',
    '-w',
    '%{http_code} %{size_download} %{speed_download}',
    url,
  ])
  const [status, size, speed] = stdout.trim().split(' ').map(Number)
  if (status !== 200 || size !== bytes)
    throw new Error(`${url} answered ${status} with ${size} bytes, expected 200 with ${bytes}`)
  return speed ?? 0
}

async function curlUpload(url: string, file: string): Promise<number> {
  const args = [
    '-s',
    '-o',
    '/dev/null',
    '-w',
    '%{http_code} %{speed_upload}',
    '-H',
    'content-type: application/octet-stream',
  ]
  const { stdout } = await run('curl', [...args, '-X', 'POST', '-T', file, url])
  const [status, speed] = stdout.trim().split(' ').map(Number)
  if (status !== 200) throw new Error(`${url} answered ${status}`)
  return speed ?? 0
}

const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
const bestOf = (values: number[]) => Math.max(...values)
const mbps = (bytesPerSecond: number) => `${((bytesPerSecond * 8) / 1e6).toFixed(0).padStart(7)} Mbit/s`

const dir = await mkdtemp(path.join(tmpdir(), 'speed-bench-'))
const children: ChildProcess[] = []
try {
  const [nginxPort, zeroCopyPort] = [await freePort(), await freePort()]
  // nginx workers run as an unprivileged user when started as root: they must reach the file.
  await chmod(dir, 0o755)
  await mkdir(path.join(dir, 'www'), { mode: 0o755 })
  await mkdir(path.join(dir, 'data'))
  const file = path.join(dir, 'www', 'payload.bin')
  await writeStaticFile(file, bytes)
  await writeFile(path.join(dir, 'nginx.conf'), nginxConfig(dir, nginxPort, zeroCopyPort))

  const nginx = spawn('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'inherit' })
  children.push(nginx)
  nginx.once('exit', (code) => code !== null && code !== 0 && console.error(`nginx exited with ${code}`))
  const appUrl = await startOurServer(path.join(dir, 'data'), children)
  const ours = `${appUrl}/api/speed/down?bytes=${bytes}`
  const reference = `http://127.0.0.1:${nginxPort}/payload.bin`
  const zeroCopy = `http://127.0.0.1:${zeroCopyPort}/payload.bin`
  await Promise.all([waitForUrl(reference), waitForUrl(zeroCopy)])

  // One warm-up each, then interleaved runs so all see the same machine load.
  for (const url of [ours, reference, zeroCopy]) await curlDownload(url)
  const oursRates: number[] = []
  const referenceRates: number[] = []
  const zeroCopyRates: number[] = []
  for (let i = 0; i < runs; i++) {
    oursRates.push(await curlDownload(ours))
    referenceRates.push(await curlDownload(reference))
    zeroCopyRates.push(await curlDownload(zeroCopy))
  }
  const uploadRates: number[] = []
  for (let i = 0; i < runs; i++) uploadRates.push(await curlUpload(`${appUrl}/api/speed/up`, file))

  // On a shared machine other work only ever slows a run down: the best run estimates what each
  // server can do, the median what it did under this run's load. Both are printed.
  const row = (label: string, rates: number[]) =>
    console.log(`  ${label.padEnd(42)} best ${mbps(bestOf(rates))}  median ${mbps(medianOf(rates))}`)
  const ratio = bestOf(oursRates) / bestOf(referenceRates)
  console.log(
    `download of ${megabytes} MB, ${runs} interleaved runs each (curl, loopback; load average ${loadavg()[0]?.toFixed(1)})`,
  )
  row('nginx static file (default, sendfile off)', referenceRates)
  row('nginx static file (sendfile on)', zeroCopyRates)
  row('GET /api/speed/down', oursRates)
  console.log(
    `  ratio to nginx default, best runs ${ratio.toFixed(2)} (target ≥ 0.90) ${ratio >= 0.9 ? 'OK' : 'BELOW TARGET'}`,
  )
  console.log(`  ratio to nginx default, medians ${(medianOf(oursRates) / medianOf(referenceRates)).toFixed(2)}`)
  console.log(
    `  ratio to nginx with sendfile, best runs ${(bestOf(oursRates) / bestOf(zeroCopyRates)).toFixed(2)} (zero-copy; for information)`,
  )
  console.log(
    `upload sink POST /api/speed/up, ${megabytes} MB:`.padEnd(44),
    `best ${mbps(bestOf(uploadRates))}  median ${mbps(medianOf(uploadRates))}`,
  )
} finally {
  for (const child of children) child.kill('SIGTERM')
  await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))))
  await rm(dir, { recursive: true, force: true })
}
