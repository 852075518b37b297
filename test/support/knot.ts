// Starts a real Knot DNS server on a loopback port, serving zone files given by the test.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { exchangeDns } from '../../src/diagnostics/net/dns-client.ts'
import { freePort } from './ports.ts'

const KNOTD = ['/usr/sbin/knotd', '/usr/bin/knotd'].find((p) => existsSync(p))

export const knotAvailable = KNOTD !== undefined

export interface KnotServer {
  address: string
  port: number
  /** "127.0.0.1:PORT" */
  endpoint: string
  stop(): Promise<void>
}

export interface KnotZone {
  origin: string
  text: string
}

function configText(dir: string, port: number, zones: KnotZone[]): string {
  return [
    'server:',
    `    rundir: "${dir}"`,
    `    listen: 127.0.0.1@${port}`,
    'log:',
    '  - target: stderr',
    '    any: error',
    'database:',
    `    storage: "${dir}"`,
    'template:',
    '  - id: default',
    `    storage: "${dir}"`,
    '    zonefile-load: whole',
    '    journal-content: none',
    'zone:',
    ...zones.map((z) => `  - domain: ${z.origin}\n    file: "${z.origin}.zone"`),
    '',
  ].join('\n')
}

async function waitUntilServing(port: number, origin: string, child: ChildProcess, stderr: () => string) {
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`knotd exited (${child.exitCode}): ${stderr()}`)
    try {
      const { response } = await exchangeDns({
        name: origin,
        type: 'SOA',
        server: { address: '127.0.0.1', port },
        signal: AbortSignal.timeout(500),
        timeoutMs: 300,
        attempts: 1,
      })
      if ((response.answers ?? []).length > 0) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`knotd did not start serving ${origin}: ${stderr()}`)
}

export async function startKnot(zones: KnotZone[]): Promise<KnotServer> {
  if (!KNOTD) throw new Error('knotd is not installed (Debian package knot)')
  const dir = await mkdtemp(path.join(tmpdir(), 'knot-'))
  const port = await freePort('127.0.0.1', true)
  for (const zone of zones) await writeFile(path.join(dir, `${zone.origin}.zone`), zone.text)
  await writeFile(path.join(dir, 'knot.conf'), configText(dir, port, zones))
  const child = spawn(KNOTD, ['-c', path.join(dir, 'knot.conf')], { stdio: ['ignore', 'ignore', 'pipe'] })
  let errors = ''
  child.stderr?.on('data', (chunk) => {
    errors += String(chunk)
  })
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))])
      if (child.exitCode === null) child.kill('SIGKILL')
    }
    await rm(dir, { recursive: true, force: true })
  }
  try {
    await waitUntilServing(port, zones[0]?.origin ?? '.', child, () => errors)
  } catch (error) {
    await stop()
    throw error
  }
  return { address: '127.0.0.1', port, endpoint: `127.0.0.1:${port}`, stop }
}
