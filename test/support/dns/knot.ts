// Starts a real Knot DNS server on a loopback address, serving zone files given by the test.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { exchangeDns } from '../../../src/diagnostics/net/dns-client.ts'
import { formatEndpoint } from '../../../src/diagnostics/net/endpoint.ts'
import { freePort } from '../net/ports.ts'

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
  /** "example.test", or "." for a root zone. */
  origin: string
  text: string
  /** Extra lines of this zone's entry, e.g. ['dnssec-signing: on', 'dnssec-policy: test']. */
  config?: string[]
}

export interface KnotOptions {
  /** Loopback address to listen on (any of 127.0.0.0/8); default 127.0.0.1. */
  address?: string
  /** Port to listen on; default a free one. */
  port?: number
  /** Extra top-level sections of knot.conf, e.g. a DNSSEC `policy:` section. */
  config?: string[]
  /** A key database prepared with keymgr (-D), for zones signed with keys made before the start. */
  kaspDb?: string
}

export const zoneFile = (origin: string) => (origin === '.' ? 'root.zone' : `${origin.replace(/\.$/, '')}.zone`)

/** knot.conf for a throwaway server: state in `dir`, listening on each "address@port", zones from `dir`. */
export function knotConfig(dir: string, listen: string[], zones: KnotZone[], options: KnotOptions = {}): string {
  return [
    'server:',
    `    rundir: "${dir}"`,
    ...listen.map((l) => `    listen: ${l}`),
    'log:',
    '  - target: stderr',
    '    any: error',
    'database:',
    `    storage: "${dir}"`,
    ...(options.kaspDb ? [`    kasp-db: "${options.kaspDb}"`] : []),
    ...(options.config ?? []),
    'template:',
    '  - id: default',
    `    storage: "${dir}"`,
    '    zonefile-load: whole',
    '    journal-content: none',
    'zone:',
    ...zones.flatMap((z) => [
      `  - domain: "${z.origin}"`,
      `    file: "${zoneFile(z.origin)}"`,
      ...(z.config ?? []).map((line) => `    ${line}`),
    ]),
    '',
  ].join('\n')
}

/** True once the server answers authoritatively for the zone (REFUSED while it is not loaded). */
async function answersFor(address: string, port: number, origin: string): Promise<boolean> {
  const { response } = await exchangeDns({
    // A root zone answers any name; the client matches questions by name, so ask a child.
    name: origin === '.' ? 'probe.invalid' : origin,
    type: 'SOA',
    server: { address, port },
    signal: AbortSignal.timeout(500),
    timeoutMs: 300,
    attempts: 1,
  })
  return response.flag_aa
}

async function waitUntilServing(
  address: string,
  port: number,
  zones: KnotZone[],
  child: ChildProcess,
  stderr: () => string,
) {
  const deadline = Date.now() + 15_000
  const pending = new Set(zones.map((z) => z.origin))
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`knotd exited (${child.exitCode}): ${stderr()}`)
    for (const origin of pending) {
      try {
        if (await answersFor(address, port, origin)) pending.delete(origin)
      } catch {
        // not up yet
      }
    }
    if (pending.size === 0) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`knotd did not start serving ${[...pending].join(', ')}: ${stderr()}`)
}

export async function startKnot(zones: KnotZone[], options: KnotOptions = {}): Promise<KnotServer> {
  if (!KNOTD) throw new Error('knotd is not installed (Debian package knot)')
  const address = options.address ?? '127.0.0.1'
  const dir = await mkdtemp(path.join(tmpdir(), 'knot-'))
  const port = options.port ?? (await freePort(address, true))
  for (const zone of zones) await writeFile(path.join(dir, zoneFile(zone.origin)), zone.text)
  await writeFile(path.join(dir, 'knot.conf'), knotConfig(dir, [`${address}@${port}`], zones, options))
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
    await waitUntilServing(address, port, zones, child, () => errors)
  } catch (error) {
    await stop()
    throw error
  }
  return { address, port, endpoint: formatEndpoint({ address, port }), stop }
}
