// Live lines from probes: a real probe process pinging loopback streams each reply line to the site
// while it runs, and the event stream delivers them for the row before the row's outcome. A probe of
// protocol 2, which sends only its final answer, still measures; lines for a task the probe was not
// given, for another row or after the outcome are dropped. The site's own probe streams its lines too.
// With two site processes on one Redis, the process that serves the event stream is not the one the
// probe is connected to.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProbeTask } from '../../src/shared/probe-protocol.ts'
import { type RunningServer, startHttpServer } from '../support/app/http-server.ts'
import { type ServerProcess, startServerProcess } from '../support/app/server-process.ts'
import { type RedisServer, redisAvailable, startRedis } from '../support/db/redis.ts'
import { followMeasurement, readMeasurement, rowStory, submitMeasurement } from '../support/probes/measurements.ts'
import { announcement, connectProbeClient, type ProbeClient } from '../support/probes/probe-client.ts'
import { type ProbeProcess, startProbeProcess } from '../support/probes/probe-process.ts'

const PINGER = 'pinger-token-0123456789'
const ELDER = 'elder-token-0123456789'
const TALKER = 'talker-token-0123456789'
const REPLY = /^line 64 bytes from 127\.0\.0\.1: icmp_seq=\d ttl=\d+ time=[\d.]+ ms$/

/** Takes the next task the client is given, accepting it. */
const nextTask = (client: ProbeClient) =>
  new Promise<ProbeTask>((resolve) => {
    client.once('task', (task: ProbeTask, ack: (reply: unknown) => void) => {
      ack({ accepted: true })
      resolve(task)
    })
  })

describe('live lines from probes', () => {
  let site: RunningServer
  let pinger: ProbeProcess
  const clients: ProbeClient[] = []

  /** What the site's own ping of 127.0.0.1 answers: a real answer a hand-rolled probe can send back. */
  async function realPing(count: number) {
    const direct = await fetch(`${site.url}/api/tools/ping`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ input: '127.0.0.1', options: { count } }),
    })
    const { saved: _saved, runId: _runId, ...answer } = (await direct.json()) as Record<string, unknown>
    return answer
  }

  async function connectAs(token: string, protocol?: number) {
    const client = await connectProbeClient(site.url, { token, ...(protocol ? { protocol } : {}) })
    clients.push(client)
    const ready = await client.timeout(10_000).emitWithAck('ready', { ...announcement(), tools: ['ping'] })
    expect(ready).toEqual({ ok: true })
    return client
  }

  beforeAll(async () => {
    site = await startHttpServer({
      PROBE_TOKENS: `pinger:${PINGER},elder:${ELDER},talker:${TALKER}`,
      LOCAL_PROBE: 'false',
      TARGET_ALLOW: '127.0.0.0/8',
      WEB_DIST: 'dist/none',
    })
    pinger = await startProbeProcess({
      PROBE_SITE_URL: site.url,
      PROBE_TOKEN: PINGER,
      PROBE_TARGET_ALLOW: '127.0.0.0/8',
      PROBE_COUNTRY: 'NZ',
    })
  }, 120_000)
  afterAll(async () => {
    for (const client of clients) client.close()
    await pinger?.kill('SIGKILL')
    await site?.close()
  })

  it("a real probe's ping lines reach the event stream one by one, before the row's result", async () => {
    const created = await submitMeasurement(site.url, {
      tool: 'ping',
      input: '127.0.0.1',
      options: { count: 3 },
      locations: ['pinger'],
    })
    expect(created.status).toBe(202)
    const events = await followMeasurement(site.url, created.body.id)
    const story = rowStory(events, 0)
    expect(story[0]).toBe('row in-progress')
    expect(story.at(-1)).toBe('row finished')
    // Each line came in order (as its own event, or within the row as it stood when the stream
    // began), between the row's start and its outcome; the replies come a second apart, after it began.
    expect(events.filter((event) => event.type === 'line').length).toBeGreaterThanOrEqual(2)
    expect(story.slice(1, -1)).toEqual([
      'line PING 127.0.0.1 (127.0.0.1)',
      expect.stringMatching(/^line 64 bytes from 127\.0\.0\.1: icmp_seq=1 ttl=\d+ time=[\d.]+ ms$/),
      expect.stringMatching(/^line 64 bytes from 127\.0\.0\.1: icmp_seq=2 ttl=\d+ time=[\d.]+ ms$/),
      expect.stringMatching(/^line 64 bytes from 127\.0\.0\.1: icmp_seq=3 ttl=\d+ time=[\d.]+ ms$/),
    ])
    // The final answer has the same reply lines; the settled row no longer carries the live ones.
    const finished = events.at(-1)
    expect(finished?.type).toBe('finished')
    const row = finished?.type === 'finished' ? finished.measurement.results[0] : undefined
    expect(row?.status).toBe('finished')
    expect(row?.lines).toBeUndefined()
    for (const line of story.slice(2, -1)) expect(row?.result?.lines).toContain(line.slice('line '.length))
  }, 60_000)

  it('a probe of protocol 2 sends only its final answer, and the row finishes with it', async () => {
    const elder = await connectAs(ELDER, 2)
    const answer = await realPing(1)
    const task = nextTask(elder)
    const created = await submitMeasurement(site.url, {
      tool: 'ping',
      input: '127.0.0.1',
      options: { count: 1 },
      locations: ['elder'],
    })
    expect(created.status).toBe(202)
    const given = await task
    const ack = await elder
      .timeout(10_000)
      .emitWithAck('result', { taskId: given.taskId, answer, options: given.request.options })
    expect(ack).toEqual({ stored: true })
    const events = await followMeasurement(site.url, created.body.id)
    expect(rowStory(events, 0)).toEqual(['row finished'])
    const read = await readMeasurement(site.url, created.body.id)
    expect(read.body.results[0]).toMatchObject({ status: 'finished', result: { tool: 'ping', status: 'ok' } })
  })

  it('drops lines for a task the probe was not given, past its numbering, or after the outcome', async () => {
    const talker = await connectAs(TALKER)
    const answer = await realPing(1)
    const task = nextTask(talker)
    const created = await submitMeasurement(site.url, {
      tool: 'ping',
      input: '127.0.0.1',
      options: { count: 1 },
      locations: ['talker'],
    })
    const given = await task
    const [measurementId] = given.taskId.split(':')
    talker.emit('line', { taskId: given.taskId, seq: 0, line: 'first' })
    talker.emit('line', { taskId: given.taskId, seq: 0, line: 'first again' })
    talker.emit('line', { taskId: `${measurementId}:7`, seq: 1, line: 'a row that does not exist' })
    talker.emit('line', { taskId: 'nothing:0', seq: 1, line: 'no such measurement' })
    talker.emit('line', { taskId: given.taskId, seq: 1, line: 'x'.repeat(501) })
    talker.emit('line', { taskId: given.taskId, seq: 2, line: 'second' })
    const ack = await talker
      .timeout(10_000)
      .emitWithAck('result', { taskId: given.taskId, answer, options: given.request.options })
    expect(ack).toEqual({ stored: true })
    talker.emit('line', { taskId: given.taskId, seq: 3, line: 'after the outcome' })
    const events = await followMeasurement(site.url, created.body.id)
    // Followed after the end: the stream starts with the row as it stands, settled, without lines.
    expect(rowStory(events, 0)).toEqual(['row finished'])
    const resumed = await fetch(`${site.url}/api/measurements/${created.body.id}/events`, {
      headers: { 'last-event-id': '0' },
    })
    const text = await resumed.text()
    const lines = [...text.matchAll(/^event: line\ndata: (.*)$/gm)].map((match) => JSON.parse(match[1] as string))
    expect(lines).toEqual([
      { type: 'line', index: 0, line: 'first' },
      { type: 'line', index: 0, line: 'second' },
    ])
  })
})

describe("live lines from the site's own probe", () => {
  let site: RunningServer
  beforeAll(async () => {
    site = await startHttpServer({ LOCAL_PROBE: 'true', TARGET_ALLOW: '127.0.0.0/8', WEB_DIST: 'dist/none' })
  })
  afterAll(async () => {
    await site?.close()
  })

  it('streams its ping lines to the row before the answer, as a remote probe does', async () => {
    const created = await submitMeasurement(site.url, {
      tool: 'ping',
      input: '127.0.0.1',
      options: { count: 3 },
      locations: ['local'],
    })
    expect(created.status).toBe(202)
    const events = await followMeasurement(site.url, created.body.id)
    const story = rowStory(events, 0)
    expect(story[0]).toBe('row in-progress')
    expect(story.at(-1)).toBe('row finished')
    expect(story.slice(1, -1)).toEqual([
      'line PING 127.0.0.1 (127.0.0.1)',
      ...Array(3).fill(expect.stringMatching(REPLY)),
    ])
    expect(events.filter((event) => event.type === 'line').length).toBeGreaterThanOrEqual(2)
  }, 60_000)
})

if (!redisAvailable) console.warn('SKIPPED: live lines across two site processes need redis-server')

describe.skipIf(!redisAvailable)('live lines across two site processes', () => {
  let redis: RedisServer
  const sites: ServerProcess[] = []
  const dataDirs: string[] = []
  let probe: ProbeProcess

  beforeAll(async () => {
    redis = await startRedis()
    for (const _ of [0, 1]) {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'nettoolbox-lines-'))
      dataDirs.push(dataDir)
      sites.push(
        await startServerProcess({
          DATA_DIR: dataDir,
          REDIS_URL: redis.url,
          PROBE_TOKENS: `pinger:${PINGER}`,
          LOCAL_PROBE: 'false',
        }),
      )
    }
    // The probe knows only the first process.
    probe = await startProbeProcess({
      PROBE_SITE_URL: (sites[0] as ServerProcess).url,
      PROBE_TOKEN: PINGER,
      PROBE_TARGET_ALLOW: '127.0.0.0/8',
    })
  }, 120_000)
  afterAll(async () => {
    await probe?.kill('SIGKILL')
    await Promise.all(sites.map((site) => site.kill('SIGTERM')))
    await redis?.stop()
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })))
  })

  it('the other process streams the lines of a row whose probe is connected to the first', async () => {
    const [first, second] = sites as [ServerProcess, ServerProcess]
    const created = await submitMeasurement(second.url, {
      tool: 'ping',
      input: '127.0.0.1',
      options: { count: 3 },
      locations: ['pinger'],
    })
    expect(created.status).toBe(202)
    const events = await followMeasurement(second.url, created.body.id)
    const story = rowStory(events, 0)
    expect(story[0]).toBe('row in-progress')
    expect(story.at(-1)).toBe('row finished')
    expect(story.slice(1, -1)).toEqual([
      'line PING 127.0.0.1 (127.0.0.1)',
      ...Array(3).fill(expect.stringMatching(REPLY)),
    ])
    expect(events.filter((event) => event.type === 'line').length).toBeGreaterThanOrEqual(2)
    // The first process, which holds the probe's connection, reads the same finished row.
    const read = await readMeasurement(first.url, created.body.id)
    expect(read.body.results[0]).toMatchObject({ status: 'finished', result: { tool: 'ping', status: 'ok' } })
  }, 60_000)
})
