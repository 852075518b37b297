// /healthz when the data directory stops taking writes under a running app: the database (its file
// already open) still answers, but the outbox and new database files could not be written.
import { rm, writeFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app/app.ts'

describe('GET /healthz and the data directory', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => t?.close())

  it('answers 200 ok while DATA_DIR is writable, 503 degraded with dataDirectory "unwritable" once it is not', async () => {
    const healthy = await t.app.inject('/healthz')
    expect(healthy.statusCode).toBe(200)
    expect(healthy.json()).toEqual({ status: 'ok', database: 'ok', dataDirectory: 'ok' })

    // The open SQLite file keeps working; the path of the directory now names a plain file.
    await rm(t.dataDir, { recursive: true, force: true })
    await writeFile(t.dataDir, 'not a directory')
    const degraded = await t.app.inject('/healthz')
    expect(degraded.statusCode).toBe(503)
    expect(degraded.json()).toEqual({ status: 'degraded', database: 'ok', dataDirectory: 'unwritable' })
  })
})
