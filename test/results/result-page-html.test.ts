// The HTML the server sends for /r/<id>: the result's title and summary in the head (Open Graph and
// Twitter tags) for link previews, escaped; the not-found page with 404 for unknown and unshared ids.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type DatabaseHandle } from '../../src/server/db/database.ts'
import { createRunsRepository } from '../../src/server/modules/runs/repository.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'

const ORIGIN = 'https://tools.example.net'
/** An hour ago, to the second (shares live 30 days by default). */
const RAN_AT = new Date(Math.floor((Date.now() - 3_600_000) / 1000) * 1000)

const meta = (html: string, attribute: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1]

describe('GET /r/:id', () => {
  let t: TestApp
  let database: DatabaseHandle
  let shareId = ''
  let unsharedId = ''

  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST: 'dist/web', PUBLIC_URL: ORIGIN })
    database = await createDatabase({ dialect: 'sqlite', file: path.join(t.dataDir, 'nettoolbox.db') })
    const runs = createRunsRepository(database.db, { now: () => RAN_AT })
    const runId = await runs.insert({
      userId: null,
      server: 'probe-ams.test',
      answer: {
        tool: 'dns',
        input: 'share.test',
        status: 'ok',
        result: {},
        lines: ['share.test. 300 IN A 198.51.100.7', 'Resolver: 127.0.0.1 <"quoted">'],
        durationMs: 4,
      },
    })
    ;({ shareId } = await runs.share(runId, null))
    const other = await runs.share(
      await runs.insert({
        userId: null,
        server: 'x',
        answer: { tool: 'dns', input: 'gone.test', status: 'ok', result: {}, lines: [], durationMs: 1 },
      }),
      null,
    )
    await runs.unshare(other.shareId)
    unsharedId = other.shareId
  })
  afterAll(async () => {
    await database?.close()
    await t?.close()
  })

  it("carries the result's title and summary in Open Graph and Twitter tags", async () => {
    const res = await t.app.inject(`/r/${shareId}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    const html = res.body
    expect(html).toContain('<title>DNS result for share.test | NetToolbox</title>')
    expect(meta(html, 'property', 'og:title')).toBe('DNS result for share.test | NetToolbox')
    expect(meta(html, 'property', 'og:description')).toBe(
      `share.test. 300 IN A 198.51.100.7 · Resolver: 127.0.0.1 &lt;&quot;quoted&quot;&gt; — measured by probe-ams.test on ${RAN_AT.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    )
    expect(meta(html, 'property', 'og:url')).toBe(`${ORIGIN}/r/${shareId}`)
    expect(meta(html, 'name', 'twitter:card')).toBe('summary')
    expect(meta(html, 'name', 'twitter:title')).toBe('DNS result for share.test | NetToolbox')
    expect(meta(html, 'name', 'robots')).toBe('noindex, follow')
    expect(html).toContain('<div id="root">')
  })

  it.each([
    ['unknown', () => 'A'.repeat(22)],
    ['unshared', () => unsharedId],
  ])('answers the not-found page with 404 for an %s id', async (_kind, id) => {
    const res = await t.app.inject(`/r/${id()}`)
    expect(res.statusCode).toBe(404)
    expect(res.body).toContain('<title>Result not found | NetToolbox</title>')
    expect(meta(res.body, 'property', 'og:title')).toBe('Result not found | NetToolbox')
  })
})
