// The abuse check with every source configured the way the app passes its settings
// (abuseSourcesFrom): lab DNSBL zones on Knot, and loopback fakes of AbuseIPDB and of RDAP.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { abuseSourcesFrom, createAbuseDiagnostic } from '../../src/diagnostics/abuse/run.ts'
import { loadDnsblLists } from '../../src/diagnostics/dnsbl/dnsbl-lists.ts'
import { createNet } from '../../src/diagnostics/net/net.ts'
import { createRdapClient } from '../../src/diagnostics/rdap/rdap-client.ts'
import { runTool } from '../../src/diagnostics/run/run-tool.ts'

import { abuseResult } from '../../src/shared/tools/abuse/schema.ts'
import { LAB, startDnsblKnot } from '../support/dns/dnsbl-lab.ts'
import { type KnotServer, knotAvailable } from '../support/dns/knot.ts'

if (!knotAvailable) console.warn('SKIPPED: abuse source tests need knotd (Debian package knot)')

const LAB_ZONES = fileURLToPath(new URL('../fixtures/served/dnsbl/lab-zones.json', import.meta.url))
const KEY = 'lab-key'

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

/** AbuseIPDB's check endpoint and an RDAP bootstrap + service, all on one loopback server. */
function startFakes(): Promise<{ base: string; requests: http.IncomingMessage[]; close(): Promise<void> }> {
  const requests: http.IncomingMessage[] = []
  const server = http.createServer((req, res) => {
    requests.push(req)
    const url = new URL(req.url ?? '/', 'http://fake')
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    if (url.pathname === '/api/v2/check') {
      if (req.headers.key !== KEY) return json(res, 401, { errors: [{ detail: 'Authentication failed' }] })
      if (url.searchParams.get('ipAddress') !== LAB.listed)
        return json(res, 429, { errors: [{ detail: 'Too many requests' }] })
      return json(res, 200, {
        data: {
          ipAddress: LAB.listed,
          abuseConfidenceScore: 80,
          totalReports: 12,
          lastReportedAt: '2026-11-20T10:00:00+00:00',
          isp: 'Lab Hosting',
          countryCode: 'NL',
        },
      })
    }
    if (url.pathname === '/bootstrap/ipv4.json') {
      return json(res, 200, { version: '1.0', services: [[['198.51.100.0/24'], [`${base}/rdap/`]]] })
    }
    if (url.pathname === `/rdap/ip/${LAB.listed}`) {
      return json(res, 200, {
        objectClassName: 'ip network',
        handle: 'LAB-NET',
        country: 'NL',
        entities: [
          {
            roles: ['abuse'],
            vcardArray: [
              'vcard',
              [
                ['version', {}, 'text', '4.0'],
                ['email', {}, 'text', 'abuse@lab.test'],
              ],
            ],
          },
        ],
      })
    }
    json(res, 404, {})
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({
        base: `http://127.0.0.1:${port}`,
        requests,
        close: () => new Promise((done) => server.close(() => done())),
      })
    })
  })
}

describe.skipIf(!knotAvailable)('the abuse check with AbuseIPDB and RDAP configured', () => {
  let knot: KnotServer
  let fakes: Awaited<ReturnType<typeof startFakes>>

  beforeAll(async () => {
    knot = await startDnsblKnot()
    fakes = await startFakes()
  })
  afterAll(async () => {
    await fakes?.close()
    await knot?.stop()
  })

  async function run(input: string, key = KEY) {
    const rdap = createRdapClient({ bootstrapUrl: `${fakes.base}/bootstrap/` })
    const diagnostic = createAbuseDiagnostic({
      ...loadDnsblLists(LAB_ZONES),
      ...abuseSourcesFrom({ abuseIpDbKey: key, abuseIpDbUrl: `${fakes.base}/api/v2/` }, rdap),
    })
    const net = createNet({ targetAllow: LAB.targetAllow.split(','), dnsServers: [knot.endpoint] })
    const answer = await runTool(diagnostic, { input }, { net, signal: new AbortController().signal })
    return { answer, result: abuseResult.parse(answer.result) }
  }

  it('adds half of the AbuseIPDB confidence, takes its last report date and the RDAP abuse mailbox', async () => {
    const { answer, result } = await run(LAB.listed)
    expect(answer.status).toBe('ok')
    expect(result.evidence).toEqual([
      { source: 'AbuseIPDB', detail: 'abuse confidence 80% from 12 reports in the last 90 days', points: 40 },
      { source: 'Lab ZEN', detail: 'SBL: direct spam source; XBL: exploited host', points: 35 },
      { source: 'Lab BL', detail: 'Reported as a spam source', points: 20 },
    ])
    expect(result).toMatchObject({
      abuseScore: 95,
      riskLevel: 'high',
      reputation: 'High risk',
      lastSeen: '2026-11-20T10:00:00+00:00',
      // Organisation and country are the shared IP facts, which know nothing of a lab address;
      // AbuseIPDB's ISP and the registry's country do not stand in for them.
      ispInfo: { org: null, country: null, abuseEmail: 'abuse@lab.test' },
    })
    expect(result.categories).toContain('reported to AbuseIPDB')
    const asked = fakes.requests.find((req) => req.url?.startsWith('/api/v2/check'))
    expect(asked?.url).toBe(`/api/v2/check?ipAddress=${LAB.listed}&maxAgeInDays=90`)
    expect(asked?.headers.accept).toBe('application/json')
  })

  it('keeps the block-list evidence and says why when AbuseIPDB refuses the key', async () => {
    const { result } = await run(LAB.listed, 'wrong-key')
    expect(result.abuseScore).toBe(55)
    expect(result.lastSeen).toBeNull()
    expect(result.sources).toContainEqual({
      source: 'AbuseIPDB',
      status: 'not checked',
      detail: 'AbuseIPDB answered HTTP 401',
    })
  })

  it('reports a rate-limited AbuseIPDB and a registry without the block as sources not checked, not as data', async () => {
    const { result } = await run(LAB.unlisted)
    expect(result.sources).toContainEqual({
      source: 'AbuseIPDB',
      status: 'not checked',
      detail: 'AbuseIPDB answered HTTP 429',
    })
    const registry = result.sources.find((source) => source.source === 'Registry (RDAP)')
    expect(registry?.status).toBe('not checked')
    expect(registry?.detail).toContain('404')
    expect(result.ispInfo.abuseEmail).toBeNull()
  })
})
