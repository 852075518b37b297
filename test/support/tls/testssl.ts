// testssl.sh as the reference for the weakness checks: run against one loopback server only (the IP
// given, no DNS lookups at all), its weakness checks alone, with connect and openssl deadlines and
// an overall one; its JSON findings read back as vulnerable / not vulnerable / not tested.
import { execFile, spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { VulnerabilityFinding, VulnerabilityId } from '../../../src/shared/tools/ssl/schema.ts'

const run = promisify(execFile)

export const testsslAvailable = spawnSync('sh', ['-c', 'command -v testssl']).status === 0

/** testssl.sh's JSON id for each of our findings. */
export const TESTSSL_IDS: Record<VulnerabilityId, string> = {
  heartbleed: 'heartbleed',
  'ccs-injection': 'CCS',
  'secure-renegotiation': 'secure_renego',
  'client-renegotiation': 'secure_client_renego',
  crime: 'CRIME_TLS',
  poodle: 'POODLE_SSL',
  'fallback-scsv': 'fallback_SCSV',
  sweet32: 'SWEET32',
  freak: 'FREAK',
  logjam: 'LOGJAM',
  drown: 'DROWN',
  robot: 'ROBOT',
}

/**
 * Only the checks compared: -H heartbleed, -I CCS, -R renegotiation, -C CRIME, -O POODLE,
 * -Z fallback, -W Sweet32, -F FREAK, -J Logjam, -D DROWN, -BB ROBOT.
 */
const CHECKS = ['-H', '-I', '-R', '-C', '-O', '-Z', '-W', '-F', '-J', '-D', '-BB']
/**
 * Most of a run is testssl.sh's own start (it matches its cipher table against the OpenSSL's, one
 * process per suite): about 40 s of CPU, a few minutes when the machine is busy.
 */
const RUN_DEADLINE_MS = 840_000

export interface TestsslFinding {
  verdict: VulnerabilityFinding['verdict']
  severity: string
  finding: string
}

function verdictOf(severity: string): VulnerabilityFinding['verdict'] {
  if (severity === 'OK' || severity === 'INFO') return 'not-vulnerable'
  if (['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'].includes(severity)) return 'vulnerable'
  return 'not-tested'
}

export async function runTestssl(ip: string, port: number): Promise<Map<string, TestsslFinding>> {
  if (!/^127\./.test(ip)) throw new Error(`testssl.sh is run against loopback only, not ${ip}`)
  const directory = await mkdtemp(join(tmpdir(), 'testssl-'))
  const jsonFile = join(directory, 'findings.json')
  try {
    const options = ['--quiet', '--warnings', 'batch', '--nodns', 'none', '--ip', ip, '--openssl', '/usr/bin/openssl']
    const deadlines = ['--connect-timeout', '5', '--openssl-timeout', '5']
    await run('testssl', [...options, ...deadlines, ...CHECKS, '--jsonfile', jsonFile, `${ip}:${port}`], {
      timeout: RUN_DEADLINE_MS,
      maxBuffer: 16 * 1024 * 1024,
      // testssl.sh probes its OpenSSL's options by connecting to the name "invalid.", a DNS query
      // each; this makes those probes go to a closed loopback port instead.
      env: { ...process.env, NXCONNECT: '127.0.0.1:0' },
    }).catch((error: { code?: unknown; signal?: unknown; killed?: boolean; stderr?: string }) => {
      // testssl.sh exits non-zero when it found a weakness; only a missing report is a failure.
      if (typeof error.code !== 'number') {
        const deadline = error.killed ? ` at its ${RUN_DEADLINE_MS / 1000} s deadline` : ''
        const why = error.signal ? `stopped by ${error.signal}${deadline}` : String(error.code)
        throw new Error(`testssl.sh against ${ip}:${port} failed (${why}): ${error.stderr?.slice(-500) ?? ''}`)
      }
    })
    const rows = JSON.parse(await readFile(jsonFile, 'utf8')) as { id: string; severity: string; finding: string }[]
    return new Map(
      rows.map((r) => [r.id, { verdict: verdictOf(r.severity), severity: r.severity, finding: r.finding }]),
    )
  } finally {
    await rm(directory, { recursive: true, force: true })
  }
}
