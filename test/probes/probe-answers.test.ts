// Probe answers checked against their task, on a real site: a hand-rolled probe client with a valid
// token takes DNS tasks and answers them with forged results (another tool, another input or options,
// a negative or overlong duration, a result that is not a DNS result, too many lines). Each forged
// answer is refused: its row fails and the answer is nowhere to be read. An honest answer, and a real
// probe process measuring through Knot on loopback, are kept. A probe's announced texts are capped.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { MeasurementRow } from '../../src/shared/measurements.ts'
import { PROBE_TEXT_MAX, type ProbeResult, type ProbeTask } from '../../src/shared/probe-protocol.ts'
import { type RunningServer, startHttpServer } from '../support/app/http-server.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'
import { submitMeasurement, waitForMeasurement } from '../support/probes/measurements.ts'
import { announcement, connectProbeClient, type ProbeClient } from '../support/probes/probe-client.ts'
import { type ProbeProcess, startProbeProcess } from '../support/probes/probe-process.ts'

const ZONE = {
  origin: 'answers.test',
  text: [
    '$ORIGIN answers.test.',
    '$TTL 300',
    '@ SOA ns hostmaster 1 3600 600 86400 300',
    '@ NS ns',
    'ns A 127.0.0.1',
    'www A 192.0.2.81',
    '@ MX 10 mail',
  ].join('\n'),
}
const FORGER = 'forger-token-0123456789'
const HONEST = 'honest-token-0123456789'
const SHOUTER = 'shouter-token-0123456789'
const DISCARDED = 'Probe forger sent an answer that does not match the task; it was discarded'

type Answer = NonNullable<ProbeResult['answer']>

if (!knotAvailable) console.warn('SKIPPED: the probe answers test needs Knot DNS (Debian package knot)')

describe.skipIf(!knotAvailable)('probe answers checked against their task', () => {
  let knot: KnotServer
  let site: RunningServer
  let forger: ProbeClient
  let honestProbe: ProbeProcess
  /** What the site's own DNS tool answers for www.answers.test: a real, valid answer. */
  let realAnswer: Answer
  const clients: ProbeClient[] = []

  /** Measures from the forger, answers its task with `forge(task)`, and returns the row as the API shows it. */
  async function forgedRow(
    request: { input: string; options?: Record<string, unknown> },
    forge: (task: ProbeTask) => Omit<ProbeResult, 'taskId'> | Record<string, unknown>,
  ): Promise<MeasurementRow> {
    const tasks = new Promise<ProbeTask>((resolve) => {
      forger.once('task', (task: ProbeTask, ack: (reply: unknown) => void) => {
        ack({ accepted: true })
        resolve(task)
      })
    })
    const created = await submitMeasurement(site.url, { tool: 'dns', ...request, locations: ['forger'] })
    expect(created.status).toBe(202)
    const task = await tasks
    const ack = await forger.timeout(10_000).emitWithAck('result', { taskId: task.taskId, ...forge(task) })
    expect(ack).toEqual({ stored: true })
    const done = await waitForMeasurement(site.url, created.body.id)
    return done.results[0] as MeasurementRow
  }

  beforeAll(async () => {
    knot = await startKnot([ZONE])
    site = await startHttpServer({
      DNS_SERVERS: knot.endpoint,
      PROBE_TOKENS: `forger:${FORGER},honest:${HONEST},shouter:${SHOUTER}`,
      LOCAL_PROBE: 'false',
      WEB_DIST: 'dist/none',
    })
    const direct = await fetch(`${site.url}/api/tools/dns`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ input: 'www.answers.test' }),
    })
    const {
      saved: _saved,
      runId: _runId,
      ...answer
    } = (await direct.json()) as Answer & { runId?: string; saved?: boolean }
    realAnswer = answer
    forger = await connectProbeClient(site.url, { token: FORGER })
    clients.push(forger)
    expect(await forger.timeout(10_000).emitWithAck('ready', announcement({ country: 'FJ' }))).toEqual({ ok: true })
    honestProbe = await startProbeProcess({
      PROBE_SITE_URL: site.url,
      PROBE_TOKEN: HONEST,
      PROBE_DNS_SERVERS: knot.endpoint,
      PROBE_TARGET_ALLOW: '127.0.0.0/8',
      PROBE_COUNTRY: 'DE',
    })
  }, 120_000)
  afterAll(async () => {
    for (const client of clients) client.close()
    await honestProbe?.kill('SIGKILL')
    await site?.close()
    await knot?.stop()
  })

  it('keeps an answer of the right tool, input and options with a real DNS result', async () => {
    expect(realAnswer).toMatchObject({ tool: 'dns', status: 'ok' })
    const row = await forgedRow({ input: 'www.answers.test' }, () => ({ answer: realAnswer }))
    expect(row.status).toBe('finished')
    expect(row.result?.lines.join('\n')).toContain('192.0.2.81')
    // Refusing answers does not cost a probe its place.
    expect(forger.connected).toBe(true)
  })

  it('refuses a DNS task answered by the SSL tool for another input in -5 ms, and logs it', async () => {
    const warn = vi.spyOn(site.app.log, 'warn')
    const row = await forgedRow({ input: 'www.answers.test' }, () => ({
      answer: { ...realAnswer, tool: 'ssl', input: 'elsewhere.test', durationMs: -5 },
    }))
    expect(row).toEqual({ probe: expect.objectContaining({ id: 'forger' }), status: 'failed', error: DISCARDED })
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ probeId: 'forger' }),
      'probe result refused: it does not follow the protocol',
    )
    warn.mockRestore()
  })

  it.each([
    ['another tool', (answer: Answer) => ({ answer: { ...answer, tool: 'ssl' } })],
    ['another input', (answer: Answer) => ({ answer: { ...answer, input: 'elsewhere.answers.test' } })],
    ['other options', (answer: Answer) => ({ answer, options: { type: 'TXT' } })],
    ['a result that is not a DNS result', (answer: Answer) => ({ answer: { ...answer, result: { grade: 'A+' } } })],
    ['a duration past the tool deadline', (answer: Answer) => ({ answer: { ...answer, durationMs: 300_000 } })],
    ['too many lines', (answer: Answer) => ({ answer: { ...answer, lines: Array(5001).fill('x') } })],
    ['a line too long', (answer: Answer) => ({ answer: { ...answer, lines: ['x'.repeat(4001)] } })],
  ])('refuses an answer with %s: the row fails and the answer is not kept', async (_case, forge) => {
    const warn = vi.spyOn(site.app.log, 'warn')
    const row = await forgedRow({ input: 'www.answers.test' }, () => forge(realAnswer))
    expect(row).toEqual({ probe: expect.objectContaining({ id: 'forger' }), status: 'failed', error: DISCARDED })
    expect(warn.mock.calls.map((call) => call[1])).toContainEqual(
      expect.stringMatching(/^probe (answer|result) refused/),
    )
    warn.mockRestore()
  })

  it('keeps an answer that ran with the task options, and refuses one that ran without them', async () => {
    const mx = { ...realAnswer, lines: ['answers.test. 300 IN MX 10 mail.answers.test.'] }
    const kept = await forgedRow({ input: 'answers.test', options: { type: 'MX' } }, () => ({
      answer: { ...mx, input: 'answers.test' },
      options: { type: 'MX' },
    }))
    expect(kept.status).toBe('finished')
    const refused = await forgedRow({ input: 'answers.test', options: { type: 'MX' } }, () => ({
      answer: { ...mx, input: 'answers.test' },
    }))
    expect(refused).toMatchObject({ status: 'failed', error: DISCARDED })
  })

  it('a real probe measures through Knot and its answer is kept', async () => {
    const created = await submitMeasurement(site.url, { tool: 'dns', input: 'www.answers.test', locations: ['DE'] })
    expect(created.status).toBe(202)
    const done = await waitForMeasurement(site.url, created.body.id)
    expect(done.results[0]).toMatchObject({ probe: { id: 'honest', country: 'DE' }, status: 'finished' })
    expect(done.results[0]?.result?.lines.join('\n')).toContain('192.0.2.81')
  })

  it(`refuses an announcement whose texts pass ${PROBE_TEXT_MAX} characters; GET /api/probes shows none of it`, async () => {
    const shouter = await connectProbeClient(site.url, { token: SHOUTER, name: 'long' })
    clients.push(shouter)
    const huge = await shouter.timeout(20_000).emitWithAck('ready', announcement({ city: 'A'.repeat(3_900_000) }))
    expect(huge).toEqual({ ok: false, error: 'The announcement is not valid: update the probe' })
    const over = await shouter.timeout(10_000).emitWithAck('ready', announcement({ network: 'N'.repeat(101) }))
    expect(over).toMatchObject({ ok: false })
    const listed = async () =>
      (await (await fetch(`${site.url}/api/probes`)).json()) as { probes: Array<{ id: string; city: string }> }
    expect((await listed()).probes.map((probe) => probe.id)).not.toContain('shouter--long')
    const fits = await shouter.timeout(10_000).emitWithAck('ready', announcement({ city: 'C'.repeat(100) }))
    expect(fits).toEqual({ ok: true })
    expect((await listed()).probes.find((probe) => probe.id === 'shouter--long')?.city).toBe('C'.repeat(100))
  })
})
