// No account enumeration: sign-up and forgot-password answer the same, in the same time, whether or
// not the address has an account. The mail server here takes 300 ms per connection, so an answer
// that waited for its mail would stand out by that much.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { runAhead } from '../support/app/priority.ts'
import { type SmtpSink, startSmtpSink } from '../support/mail/smtp-sink.ts'

const ACCOUNTS = 16
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

describe('sign-up and forgot-password reveal nothing about existing accounts', () => {
  let smtp: SmtpSink
  let t: TestApp
  let address = 0
  let restorePriority = () => {}

  const post = async (url: string, payload: object) => {
    address += 1
    const started = performance.now()
    const res = await t.app.inject({
      method: 'POST',
      url,
      remoteAddress: `127.0.${10 + Math.floor(address / 200)}.${address % 200}`,
      headers: { origin: 'http://localhost:8080' },
      payload,
    })
    return { res, ms: performance.now() - started }
  }

  beforeAll(async () => {
    restorePriority = runAhead()
    smtp = await startSmtpSink({ delayMs: 300 })
    t = await createTestApp({ SMTP_URL: smtp.url })
    for (let i = 0; i < ACCOUNTS; i++) {
      const { res } = await post('/api/auth/sign-up/email', {
        email: `owner${i}@example.test`,
        password: 'owner-pass',
        name: '',
      })
      expect(res.statusCode).toBe(200)
    }
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await smtp?.stop()
    restorePriority()
  })

  /** Both distributions, and the check that they overlap: neither side is reliably slower. */
  function expectOverlap(known: number[], unknown: number[]) {
    console.log(
      `known: median ${median(known).toFixed(1)} ms [${Math.min(...known).toFixed(1)}-${Math.max(...known).toFixed(1)}]; ` +
        `unknown: median ${median(unknown).toFixed(1)} ms [${Math.min(...unknown).toFixed(1)}-${Math.max(...unknown).toFixed(1)}]`,
    )
    // A database write more or less is a millisecond; a mail sent before answering is 300 ms.
    const slack = 20
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(100)
    expect(Math.min(...known)).toBeLessThan(Math.max(...unknown) + slack)
    expect(Math.min(...unknown)).toBeLessThan(Math.max(...known) + slack)
  }

  it('answers forgot-password the same and in the same time for known and unknown addresses', async () => {
    const known: number[] = []
    const unknown: number[] = []
    const bodies = new Set<string>()
    for (let i = 0; i < ACCOUNTS; i++) {
      const a = await post('/api/auth/request-password-reset', { email: `owner${i}@example.test`, redirectTo: '/auth' })
      const b = await post('/api/auth/request-password-reset', {
        email: `nobody${i}@example.test`,
        redirectTo: '/auth',
      })
      expect([a.res.statusCode, b.res.statusCode]).toEqual([200, 200])
      bodies.add(a.res.body).add(b.res.body)
      known.push(a.ms)
      unknown.push(b.ms)
    }
    expect(bodies.size).toBe(1)
    expectOverlap(known, unknown)
    // The mails did go out, after the answers.
    await smtp.waitForMail((m) => m.to === `owner${ACCOUNTS - 1}@example.test` && m.subject.startsWith('Reset'))
  })

  it('answers a sign-up the same and in the same time for a registered and a new address', async () => {
    const known: number[] = []
    const unknown: number[] = []
    const shapes = new Set<string>()
    const shape = (body: { token: unknown; user: Record<string, unknown> }) =>
      JSON.stringify({ token: body.token, keys: Object.keys(body.user).sort() })
    for (let i = 0; i < ACCOUNTS; i++) {
      const a = await post('/api/auth/sign-up/email', {
        email: `owner${i}@example.test`,
        password: 'other-pass',
        name: '',
      })
      const b = await post('/api/auth/sign-up/email', {
        email: `new${i}@example.test`,
        password: 'other-pass',
        name: '',
      })
      expect([a.res.statusCode, b.res.statusCode]).toEqual([200, 200])
      shapes.add(shape(a.res.json())).add(shape(b.res.json()))
      known.push(a.ms)
      unknown.push(b.ms)
    }
    expect(shapes.size).toBe(1)
    expectOverlap(known, unknown)
    await smtp.waitForMail((m) => m.to === 'owner0@example.test' && m.subject.startsWith('Someone tried'))
  })
})
