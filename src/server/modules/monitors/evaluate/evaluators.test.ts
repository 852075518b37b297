import { describe, expect, it } from 'vitest'
import { UNKNOWN_ISSUER } from '../../../../shared/tools/ssl/trust-words.ts'
import type { ToolAnswer } from '../../../../shared/tools/tool-answer.ts'
import { evaluateDns } from './dns.ts'
import { evaluateMail } from './mail.ts'
import { evaluatePing } from './ping.ts'
import { evaluateSsl } from './ssl.ts'
import { failedRun } from './verdict.ts'
import { evaluateWebsite } from './website.ts'

const NOW = Date.UTC(2026, 10, 25, 12)
const DAY = 86_400_000

function answer<R>(
  tool: string,
  result: R | null,
  failure?: Pick<ToolAnswer, 'failureSource' | 'error'>,
): ToolAnswer<R> {
  return { tool, input: 'x', status: failure ? 'failed' : 'ok', result, lines: [], durationMs: 1, ...failure }
}

describe('failedRun()', () => {
  it('makes the target’s failure a problem and ours or a refusal not checked', () => {
    expect(failedRun(answer('ssl', null, { failureSource: 'target', error: 'connection refused' }))).toEqual({
      state: 'problem',
      value: null,
      summary: 'connection refused',
    })
    expect(failedRun(answer('ssl', null, { failureSource: 'server', error: 'our resolver timed out' })).state).toBe(
      'unknown',
    )
    expect(failedRun(answer('ssl', null, { failureSource: 'policy', error: '10.0.0.1 is not allowed' })).summary).toBe(
      'Not checked (refused by the target policy): 10.0.0.1 is not allowed',
    )
  })
})

describe('evaluateDns()', () => {
  const result = (rcode: string, values: string[]) =>
    answer('dns', {
      name: 'example.test',
      queries: [{ type: 'A', rcode, answers: values.map((value) => ({ type: 'A', value, ttl: 60 })) }],
    } as never)
  const settings = { type: 'A' }

  it('records the first answer as the baseline', () => {
    const verdict = evaluateDns({
      settings,
      answer: result('NOERROR', ['192.0.2.2', '192.0.2.1']),
      baseline: null,
      now: NOW,
    })
    expect(verdict).toEqual({
      state: 'ok',
      value: 2,
      summary: 'Baseline recorded: A 192.0.2.1, 192.0.2.2',
      baseline: ['192.0.2.1', '192.0.2.2'],
    })
  })

  it('ignores order and repeats, and names what was added and removed', () => {
    const baseline = ['192.0.2.1', '192.0.2.2']
    expect(
      evaluateDns({ settings, answer: result('NOERROR', ['192.0.2.2', '192.0.2.1']), baseline, now: NOW }).state,
    ).toBe('ok')
    expect(
      evaluateDns({ settings, answer: result('NOERROR', ['192.0.2.1', '192.0.2.9']), baseline, now: NOW }),
    ).toEqual({
      state: 'problem',
      value: 2,
      summary: 'A answer changed: added 192.0.2.9; removed 192.0.2.2',
    })
    expect(evaluateDns({ settings, answer: result('NXDOMAIN', []), baseline, now: NOW }).summary).toBe(
      'A answer changed: added NXDOMAIN; removed 192.0.2.1, 192.0.2.2',
    )
  })

  it('does not judge a type the resolver did not answer', () => {
    const unanswered = answer('dns', {
      name: 'example.test',
      queries: [],
      unanswered: [{ type: 'A', error: 'This server’s resolver did not answer' }],
    } as never)
    expect(evaluateDns({ settings, answer: unanswered, baseline: ['192.0.2.1'], now: NOW })).toEqual({
      state: 'unknown',
      value: null,
      summary: 'Not checked: A of example.test: This server’s resolver did not answer',
    })
  })
})

describe('evaluateWebsite()', () => {
  const site = (finalStatus: number | null, totalMs: number, error: string | null = null) =>
    answer('website-check', {
      up: finalStatus !== null && finalStatus < 400,
      finalStatus,
      statusText: finalStatus === 503 ? 'Service Unavailable' : 'OK',
      hops: [{ timings: { totalMs }, error }],
    } as never)

  it('is a problem when down, on a 5xx, or slower than the threshold', () => {
    expect(evaluateWebsite({ settings: {}, answer: site(200, 120), baseline: null, now: NOW })).toEqual({
      state: 'ok',
      value: 120,
      summary: 'Up: HTTP 200 in 120 ms',
    })
    expect(evaluateWebsite({ settings: {}, answer: site(503, 30), baseline: null, now: NOW }).summary).toBe(
      'Down: HTTP 503 Service Unavailable',
    )
    expect(
      evaluateWebsite({ settings: {}, answer: site(null, 10, 'connection refused'), baseline: null, now: NOW }),
    ).toEqual({
      state: 'problem',
      value: null,
      summary: 'Down: connection refused',
    })
    expect(
      evaluateWebsite({ settings: { maxLatencyMs: 100 }, answer: site(200, 250), baseline: null, now: NOW }).summary,
    ).toBe('Slow: 250 ms (alert above 100 ms)')
  })
})

describe('evaluatePing()', () => {
  const ping = (sent: number, received: number, avgMs: number | null) =>
    answer('ping', {
      mode: 'icmp',
      summary: { sent, received, lossPercent: Math.round(((sent - received) / sent) * 100), avgMs },
    } as never)

  it('compares loss and average with their thresholds', () => {
    const settings = { maxLossPercent: 20, maxAvgLatencyMs: 50 }
    expect(evaluatePing({ settings, answer: ping(4, 4, 12), baseline: null, now: NOW })).toEqual({
      state: 'ok',
      value: 12,
      summary: '4 of 4 answered, average 12 ms',
    })
    expect(evaluatePing({ settings, answer: ping(4, 2, 12), baseline: null, now: NOW }).summary).toBe(
      '50% loss (2 of 4 answered; alert above 20%)',
    )
    expect(evaluatePing({ settings, answer: ping(4, 4, 80), baseline: null, now: NOW }).summary).toBe(
      'Average 80 ms (alert above 50 ms)',
    )
  })
})

describe('evaluateSsl()', () => {
  const ssl = (daysLeft: number, grade: string, trusted = true) =>
    answer('ssl', {
      host: 'shop.example.test',
      certificate: { daysLeft },
      trust: {
        trusted,
        error: trusted ? null : 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
        hostnameMatch: true,
        expired: daysLeft < 0,
      },
      grade: { grade },
    } as never)

  it('watches the expiry and, when asked, the grade', () => {
    expect(evaluateSsl({ settings: { expiryDays: 14 }, answer: ssl(30, 'B'), baseline: null, now: NOW }).state).toBe(
      'ok',
    )
    expect(
      evaluateSsl({ settings: { expiryDays: 14, minGrade: 'A' }, answer: ssl(30, 'B'), baseline: null, now: NOW })
        .summary,
    ).toBe('Grade B is below A')
    expect(
      evaluateSsl({ settings: { expiryDays: 14, minGrade: 'A' }, answer: ssl(30, 'A+'), baseline: null, now: NOW })
        .state,
    ).toBe('ok')
    expect(
      evaluateSsl({ settings: { expiryDays: 14 }, answer: ssl(-2, 'T', false), baseline: null, now: NOW }).summary,
    ).toBe('Certificate expired 2 days ago')
    expect(
      evaluateSsl({ settings: { expiryDays: 14 }, answer: ssl(90, 'T', false), baseline: null, now: NOW }).summary,
    ).toBe(`Certificate not trusted: ${UNKNOWN_ISSUER}`)
  })
})

describe('evaluateMail()', () => {
  const host = (name: string, smtp: object | undefined) => ({ name, addresses: [{ address: '203.0.113.25', smtp }] })
  const tls = (validTo: number) => ({ validTo: new Date(validTo).toISOString(), trusted: true, hostnameMatch: true })
  const mail = (...mx: object[]) => answer('mail', { domain: 'example.test', mx } as never)
  const settings = { expiryDays: 14 }

  it('wants STARTTLS with a certificate that is not about to expire on every host reached', () => {
    expect(
      evaluateMail({
        settings,
        answer: mail(host('mx1.example.test', { starttls: 'ok', tls: tls(NOW + 40 * DAY) })),
        baseline: null,
        now: NOW,
      }),
    ).toEqual({ state: 'ok', value: 40, summary: 'STARTTLS on 1 mail host address, certificates valid 40 more days' })
    expect(
      evaluateMail({
        settings,
        answer: mail(host('mx1.example.test', { starttls: 'not-offered' })),
        baseline: null,
        now: NOW,
      }).summary,
    ).toBe('mx1.example.test [203.0.113.25]: STARTTLS not offered')
    expect(
      evaluateMail({
        settings,
        answer: mail(host('mx1.example.test', { starttls: 'ok', tls: tls(NOW + 3 * DAY) })),
        baseline: null,
        now: NOW,
      }).summary,
    ).toBe('mx1.example.test [203.0.113.25]: certificate expires in 3 days (alert below 14)')
  })

  it('does not judge hosts this server could not reach, and says which', () => {
    const verdict = evaluateMail({
      settings,
      answer: mail(host('mx1.example.test', { connectFailure: 'unreachable', starttls: 'not-tried' })),
      baseline: null,
      now: NOW,
    })
    expect(verdict).toEqual({
      state: 'unknown',
      value: null,
      summary:
        'Not checked: no mail host of example.test could be checked; not checked: mx1.example.test [203.0.113.25] (unreachable)',
    })
    const refused = evaluateMail({
      settings,
      answer: mail(host('mx1.example.test', { connectFailure: 'refused', starttls: 'not-tried' })),
      baseline: null,
      now: NOW,
    })
    expect(refused).toMatchObject({ state: 'problem', summary: 'mx1.example.test [203.0.113.25]: refused' })
  })
})
