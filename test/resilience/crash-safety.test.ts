// Crash safety: signed-in users run DNS lookups (against Knot on loopback) in parallel loops while
// the server saves them; the server is killed with SIGKILL mid-stream and restarted on the same
// data. Every result whose save was acknowledged (saved: true) must be in the history afterwards.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type HttpSession, signInOverHttp, signUpOverHttp } from '../support/app/http-session.ts'
import { type ServerProcess, startServerProcess } from '../support/app/server-process.ts'
import { type PostgresServer, postgresUnavailableReason, startPostgres } from '../support/db/postgres.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'

const ZONE = [
  '$ORIGIN crash.test.',
  '$TTL 300',
  '@  IN SOA ns.crash.test. hostmaster.crash.test. 1 7200 3600 1209600 300',
  '@  IN NS  ns.crash.test.',
  'ns IN A   198.51.100.53',
  '*  IN A   198.51.100.7',
].join('\n')

const USERS = ['ada@example.test', 'bo@example.test', 'cy@example.test']
const PASSWORD = 'crash-secret-1'
const LOOPS_PER_USER = 2
/** Acknowledged saves after which the server is killed; well under the 50 items history shows per user. */
const KILL_AFTER_ACKS = 30

if (!knotAvailable) console.warn('SKIPPED: crash-safety tests need knotd (Debian package knot)')
const postgresSkip = postgresUnavailableReason()
if (postgresSkip) console.warn(`SKIPPED: crash safety on PostgreSQL: ${postgresSkip}`)

interface Backend {
  name: string
  skip: boolean
  /** DATABASE_URL for the server, or nothing for SQLite under DATA_DIR. */
  databaseEnv(): Promise<Record<string, string>>
  stop(): Promise<void>
}

function postgresBackend(): Backend {
  let server: PostgresServer | null = null
  return {
    name: 'PostgreSQL',
    skip: postgresSkip !== undefined,
    async databaseEnv() {
      server ??= await startPostgres()
      if (!server) throw new Error('PostgreSQL is not available')
      return { DATABASE_URL: await server.createDatabase() }
    },
    stop: async () => server?.stop(),
  }
}

const backends: Backend[] = [
  { name: 'SQLite', skip: false, databaseEnv: async () => ({}), stop: async () => undefined },
  postgresBackend(),
]

describe.skipIf(!knotAvailable).each(backends)('a server killed mid-stream on $name', (backend) => {
  describe.skipIf(backend.skip)('then restarted on the same data', () => {
    let knot: KnotServer
    let dataDir: string
    let env: Record<string, string>
    let server: ServerProcess | undefined
    beforeAll(async () => {
      knot = await startKnot([{ origin: 'crash.test', text: ZONE }])
      dataDir = await mkdtemp(path.join(tmpdir(), 'nettoolbox-crash-'))
      env = {
        DATA_DIR: dataDir,
        DNS_SERVERS: knot.endpoint,
        TARGET_ALLOW: '127.0.0.0/8',
        ...(await backend.databaseEnv()),
      }
    })
    afterAll(async () => {
      await server?.kill('SIGKILL')
      await backend.stop()
      await knot?.stop()
      if (dataDir) await rm(dataDir, { recursive: true, force: true })
    })

    it('keeps every acknowledged save', async () => {
      server = await startServerProcess(env)
      const first = server
      const sessions = new Map<string, HttpSession>()
      for (const email of USERS) sessions.set(email, await signUpOverHttp(first.url, dataDir, email, PASSWORD))

      const acknowledged = new Map<string, string[]>(USERS.map((email) => [email, []]))
      let sequence = 0
      let acks = 0
      let failedRequests = 0
      let killing: Promise<string> | undefined
      const loop = async (email: string, session: HttpSession) => {
        while (!killing) {
          const input = `r${++sequence}.crash.test`
          try {
            const { body } = await session.json<{ status: string; saved?: boolean }>('POST', '/api/tools/dns', {
              input,
            })
            expect(body.status).toBe('ok')
            if (body.saved !== true) continue
            acknowledged.get(email)?.push(input)
            if (++acks >= KILL_AFTER_ACKS) killing ??= first.kill('SIGKILL')
          } catch (error) {
            if (!killing) throw error
            failedRequests++
          }
        }
      }
      await Promise.all(
        [...sessions].flatMap(([email, session]) => Array.from({ length: LOOPS_PER_USER }, () => loop(email, session))),
      )
      expect(await killing).toBe('SIGKILL')
      // Requests were still in flight when the process died.
      expect(failedRequests).toBeGreaterThan(0)

      server = await startServerProcess(env)
      for (const email of USERS) {
        const session = await signInOverHttp(server.url, email, PASSWORD)
        const { status, body } = await session.json<{ items: Array<{ toolName: string; inputValue: string }> }>(
          'GET',
          '/api/history',
        )
        expect(status).toBe(200)
        const saved = new Set(body.items.filter((i) => i.toolName === 'dns').map((i) => i.inputValue))
        const mine = acknowledged.get(email) ?? []
        expect(mine.length).toBeGreaterThan(0)
        expect(mine.filter((input) => !saved.has(input))).toEqual([])
      }
    }, 120_000)
  })
})
