// Each check counts against its owner's tool limits, like a run from the site; and the operator's
// kill switch (`npm run monitors -- disable-user <email>`) stops an account's checks at once.
import { execFile } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserLikeClient } from '../support/app/accounts.ts'
import { checkTool } from '../support/app/check-tool.ts'
import { type HttpSite, startHttpSite } from '../support/http/http-site.ts'
import { type MonitorApp, startMonitorApp } from '../support/monitors/monitor-app.ts'

const run = promisify(execFile)
const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/server/modules/monitors/admin-cli.ts')

describe('monitor checks and their owner’s limits', () => {
  let t: MonitorApp
  let site: HttpSite
  let owner: BrowserLikeClient

  beforeAll(async () => {
    site = await startHttpSite('127.0.0.1', (_request, response) => response.end('up\n'))
    t = await startMonitorApp({ TARGET_ALLOW: '127.0.0.0/8', RATE_LIMIT_TOOLS_PER_MINUTE: '2' })
    owner = await t.signUp('busy@example.test')
  })
  afterAll(async () => {
    await t?.close()
    await site?.close()
  })

  it('are not made when the account has spent its tool runs, and say so', async () => {
    const { id } = (
      await owner.request({
        method: 'POST',
        url: '/api/monitors',
        payload: { kind: 'website', target: `http://127.0.0.1:${site.port}/`, name: 'Site' },
      })
    ).json()
    const first = await t.checkNow(owner, id)
    expect(first.summary).toMatch(/^Up: HTTP 200 in \d+ ms$/)
    // The check took one of the account's two runs this minute; a run from the site takes the other.
    expect((await checkTool(owner.request, 'website-check', `http://127.0.0.1:${site.port}/`)).statusCode).toBe(200)
    expect((await checkTool(owner.request, 'website-check', `http://127.0.0.1:${site.port}/`)).statusCode).toBe(429)
    const requestsBefore = site.requests.length
    const refused = await t.checkNow(owner, id)
    expect(refused.summary).toMatch(/^Not checked: Too many tool runs from your account\. Try again in \d+ s\.$/)
    expect(site.requests.length).toBe(requestsBefore)
    const checks = (await owner.get(`/api/monitors/${id}/checks`)).json().items
    expect(checks.map((c: { state: string; runId: string | null }) => [c.state, c.runId === null])).toEqual([
      ['ok', false],
      ['unknown', true],
    ])
  })
})

describe('the operator’s kill switch', () => {
  let t: MonitorApp
  let site: HttpSite
  let owner: BrowserLikeClient
  const cli = (...args: string[]) =>
    run(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH, DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' } })

  beforeAll(async () => {
    site = await startHttpSite('127.0.0.1', (_request, response) => response.end('up\n'))
    t = await startMonitorApp({ TARGET_ALLOW: '127.0.0.0/8' })
    owner = await t.signUp('abuser@example.test')
  })
  afterAll(async () => {
    await t?.close()
    await site?.close()
  })

  it('stops the account’s checks at once, keeps its monitors, and lets them run again when lifted', async () => {
    const create = (name: string) =>
      owner.request({
        method: 'POST',
        url: '/api/monitors',
        payload: { kind: 'website', target: `http://127.0.0.1:${site.port}/${name}`, name },
      })
    const { id } = (await create('a')).json()
    await t.checkNow(owner, id)
    expect(site.requests.filter((r) => r.url === '/a')).toHaveLength(1)

    const off = await cli('disable-user', 'abuser@example.test')
    expect(off.stdout).toBe(
      'Monitoring is off for abuser@example.test: no check of its monitors runs until enable-user.\n',
    )
    expect((await cli('disabled')).stdout).toMatch(/^abuser@example\.test\tswitched off \d{4}-/)
    const item = (await owner.get(`/api/monitors/${id}`)).json()
    expect(item).toMatchObject({ disabled: true, nextCheckAt: null })
    // The slot passes and nothing runs.
    t.clock.set(t.clock.now() + 10 * 60_000)
    await (t.handle.scheduler as { tick(): Promise<void> }).tick()
    expect(site.requests.filter((r) => r.url === '/a')).toHaveLength(1)
    expect((await owner.get(`/api/monitors/${id}/checks`)).json().items).toHaveLength(1)
    const refused = await create('b')
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.message).toBe('Monitoring is switched off for this account by the operator')

    expect((await cli('enable-user', 'abuser@example.test')).stdout).toBe(
      'Monitoring is on again for abuser@example.test.\n',
    )
    const after = await t.checkNow(owner, id)
    expect(after.disabled).toBe(false)
    expect(site.requests.filter((r) => r.url === '/a')).toHaveLength(2)
  }, 30_000)

  it('names an unknown address and exits with an error', async () => {
    await expect(cli('disable-user', 'nobody@example.test')).rejects.toMatchObject({
      code: 1,
      stderr: 'No account has the address nobody@example.test.\n',
    })
  })
})
