// The database going away: tools keep running, a signed-in user's save answers saved: false (the
// page says "Failed to save result"), /healthz reports degraded, the server stays up, and, for
// PostgreSQL, everything works again once the database is back.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/server/app.ts'
import { loadConfig } from '../../src/server/config.ts'
import { createDatabase, type DatabaseHandle } from '../../src/server/db/database.ts'
import { migrateToLatest } from '../../src/server/db/migrate.ts'
import { type BrowserLikeClient, latestOutboxMail, signUpVerified } from '../support/app/accounts.ts'
import { GENEROUS_LIMITS } from '../support/app/app.ts'
import { checkTool } from '../support/app/check-tool.ts'
import { type HttpSession, signUpOverHttp } from '../support/app/http-session.ts'
import { type ServerProcess, startServerProcess } from '../support/app/server-process.ts'
import { type PostgresServer, postgresUnavailableReason, startPostgres } from '../support/db/postgres.ts'

const MY_IP = { input: '' }

describe('SQLite handle closed under a running app', () => {
  let dataDir: string
  let database: DatabaseHandle
  let app: FastifyInstance
  let user: BrowserLikeClient
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'nettoolbox-dbloss-'))
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...GENEROUS_LIMITS })
    database = await createDatabase(config.database)
    await migrateToLatest(database.db)
    app = await buildApp(config, { database })
    user = await signUpVerified(app, 'lea@example.test', 'lea-secret-1', (a) => latestOutboxMail(dataDir, a))
  })
  afterAll(async () => {
    await app?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('still runs tools, answers saved: false to the signed-in user and reports degraded health', async () => {
    expect((await user.post('/api/tools/whatismyip', MY_IP)).json()).toMatchObject({ status: 'ok', saved: true })
    await database.close()

    const run = await user.post('/api/tools/whatismyip', MY_IP)
    expect(run.statusCode).toBe(200)
    expect(run.json()).toMatchObject({ tool: 'whatismyip', status: 'ok', saved: false })
    expect(run.json().result.ip).toBe('127.0.0.1')
    const health = await app.inject('/healthz')
    expect(health.statusCode).toBe(503)
    expect(health.json()).toEqual({ status: 'degraded', database: 'unavailable', dataDirectory: 'ok' })
    const anonymous = await checkTool(app, 'whatismyip', MY_IP.input)
    expect(anonymous.json()).toMatchObject({ status: 'ok' })
    expect(anonymous.json()).not.toHaveProperty('saved')
  })
})

const postgresSkip = postgresUnavailableReason()
if (postgresSkip) console.warn(`SKIPPED: PostgreSQL going away: ${postgresSkip}`)

describe.skipIf(postgresSkip !== undefined)('PostgreSQL stopped under a running server process', () => {
  let postgres: PostgresServer | null = null
  let dataDir: string
  let server: ServerProcess | undefined
  let user: HttpSession
  beforeAll(async () => {
    postgres = await startPostgres()
    if (!postgres) throw new Error('PostgreSQL is not available')
    dataDir = await mkdtemp(path.join(tmpdir(), 'nettoolbox-pgloss-'))
    server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: await postgres.createDatabase() })
    user = await signUpOverHttp(server.url, dataDir, 'max@example.test', 'max-secret-1')
  })
  afterAll(async () => {
    await server?.kill('SIGTERM')
    await postgres?.stop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  const health = async () => {
    const response = await fetch(`${server?.url}/healthz`)
    return { status: response.status, body: await response.json() }
  }
  const runMyIp = () => user.json<{ status: string; saved?: boolean }>('POST', '/api/tools/whatismyip', MY_IP)

  it('keeps serving while the database is down and recovers when it is back', async () => {
    expect((await runMyIp()).body).toMatchObject({ status: 'ok', saved: true })
    await postgres?.pause()

    const during = await runMyIp()
    expect(during.status).toBe(200)
    expect(during.body).toMatchObject({ status: 'ok', saved: false })
    expect(await health()).toEqual({
      status: 503,
      body: { status: 'degraded', database: 'unavailable', dataDirectory: 'ok' },
    })
    expect(server?.child.exitCode).toBeNull()

    await postgres?.resume()
    while ((await health()).status !== 200) await new Promise((resolve) => setTimeout(resolve, 100))
    expect((await runMyIp()).body).toMatchObject({ status: 'ok', saved: true })
    const history = await user.json<{ items: unknown[] }>('GET', '/api/history')
    expect(history.body.items).toHaveLength(2)
    expect(server?.child.exitCode).toBeNull()
    expect(server?.child.signalCode).toBeNull()
  }, 120_000)
})
