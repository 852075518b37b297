// POST /api/bulk/ssl through the real app: TLS servers on loopback with certificates from a test CA
// made by openssl, names served by Knot; the port chosen for the batch goes into every input written
// without one, and each row's answer is the grade, the expiry, the issuer and the trust verdict.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bulkRow, bulkSummary } from '../../src/shared/bulk.ts'
import { messages } from '../../src/shared/validation.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'
import { createTestCa, opensslAvailable, type TestCa } from '../support/tls/test-ca.ts'
import { startTlsSite, type TlsSite } from '../support/tls/tls-site.ts'

const zoneText = readFileSync(new URL('../fixtures/served/zones/tls-sites.zone', import.meta.url), 'utf8')
const ready = knotAvailable && opensslAvailable
if (!ready) console.warn('SKIPPED: the bulk SSL tests need knotd (Debian knot) and openssl')

const DAY = 86_400_000

describe.skipIf(!ready)('POST /api/bulk/ssl', () => {
  let ca: TestCa
  let knot: KnotServer
  let good: TlsSite
  let expired: TlsSite
  let t: TestApp

  beforeAll(async () => {
    ca = await createTestCa()
    const goodCert = await ca.issue({ names: ['good.example.test'] })
    const expiredCert = await ca.issue({
      names: ['expired.example.test'],
      notBefore: new Date(Date.now() - 90 * DAY),
      notAfter: new Date(Date.now() - 30 * DAY),
    })
    good = await startTlsSite({ host: '127.0.0.11', key: goodCert.key, cert: goodCert.chain })
    expired = await startTlsSite({ host: '127.0.0.12', key: expiredCert.key, cert: expiredCert.chain })
    knot = await startKnot([{ origin: 'example.test', text: zoneText }])
    t = await createTestApp({ DNS_SERVERS: knot.endpoint, TARGET_ALLOW: '127.0.0.0/8', EXTRA_CA_FILE: ca.rootFile })
  })
  afterAll(async () => {
    await t?.close()
    await Promise.all([good?.close(), expired?.close()])
    await knot?.stop()
    await ca?.remove()
  })

  it('checks inputs without a port on the batch’s port and keeps a port written in the input', async () => {
    const inputs = ['good.example.test', `expired.example.test:${expired.port}`, 'bad host!']
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bulk/ssl',
      payload: { inputs, options: { port: good.port } },
      remoteAddress: '127.0.0.1',
    })
    expect(res.statusCode).toBe(200)
    const lines = res.body.trimEnd().split('\n')
    const rows = lines
      .slice(0, -1)
      .map((line) => bulkRow.parse(JSON.parse(line)))
      .sort((a, b) => a.index - b.index)
    expect(rows[0]?.answer?.input).toBe(`good.example.test:${good.port}`)
    expect(rows[0]?.summary).toMatch(
      /^Grade A\+? · expires \d{4}-\d\d-\d\d \(\d+ days left\) · issuer NetToolbox Test Intermediate CA · trusted$/,
    )
    expect(rows[1]?.answer?.status).toBe('failed')
    expect(rows[1]?.summary).toMatch(
      /^Grade T · expires \d{4}-\d\d-\d\d \(expired 30 days ago\) · issuer NetToolbox Test Intermediate CA · not trusted: .+ — the target's failure$/,
    )
    expect(rows[2]?.error).toEqual({ type: 'invalid_input', message: messages.invalidDomain })
    expect(bulkSummary.parse(JSON.parse(lines.at(-1) ?? ''))).toMatchObject({ ok: 1, failed: 1, invalid: 1 })
  })
})
