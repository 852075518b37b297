// A mail test where part of the work cannot be done: one MX refuses the connection, one resolves to
// an address the target policy denies, and this server's resolver never answers for the domain's
// SPF and DMARC records. Each part is named as checked or not checked, with why, and the summaries
// count only what was checked. Every peer is on loopback and started here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMailDiagnostic } from '../../src/diagnostics/mail/run.ts'
import { createNet } from '../../src/diagnostics/net/net.ts'
import { mailLines } from '../../src/shared/tools/mail/lines.ts'
import type { MailCheck, MailResult } from '../../src/shared/tools/mail/schema.ts'
import { startTableDns, type TableDns } from '../support/dns/table-dns.ts'
import { type SmtpPeer, startSmtpPeer } from '../support/mail/mail-peers.ts'
import { freePort } from '../support/net/ports.ts'

const HOSTS = { mx1: '127.25.26.2', mx2: '127.25.26.3', refusing: '127.25.26.4', denied: '127.0.0.99' } as const

let dns: TableDns
let peers: SmtpPeer[] = []
let port: number
let result: MailResult

const find = (id: string, host?: string): MailCheck | undefined =>
  result.checks.find((c) => c.id === id && (host === undefined || c.host?.startsWith(host)))

beforeAll(async () => {
  port = await freePort(HOSTS.mx1)
  peers = [
    await startSmtpPeer({ host: HOSTS.mx1, port, name: 'mx1.partial.test', localDomain: 'partial.test' }),
    await startSmtpPeer({ host: HOSTS.mx2, port, name: 'mx2.partial.test', localDomain: 'partial.test' }),
  ]
  dns = await startTableDns({
    records: [
      { name: 'partial.test', type: 'MX', data: { preference: 10, exchange: 'mx1.partial.test' } },
      { name: 'partial.test', type: 'MX', data: { preference: 20, exchange: 'mx2.partial.test' } },
      { name: 'partial.test', type: 'MX', data: { preference: 30, exchange: 'mx3.partial.test' } },
      { name: 'partial.test', type: 'MX', data: { preference: 40, exchange: 'mx4.partial.test' } },
      { name: 'mx1.partial.test', type: 'A', data: HOSTS.mx1 },
      { name: 'mx2.partial.test', type: 'A', data: HOSTS.mx2 },
      { name: 'mx3.partial.test', type: 'A', data: HOSTS.refusing },
      { name: 'mx4.partial.test', type: 'A', data: HOSTS.denied },
    ],
    silent: ['TXT partial.test', 'TXT _dmarc.partial.test'],
  })
  const diagnostic = createMailDiagnostic({ smtpPort: port, heloName: 'probe.nettoolbox.test' })
  const net = createNet({ targetAllow: ['127.25.26.0/24'], dnsServers: [dns.endpoint], ownAddresses: [] })
  const outcome = await diagnostic.run(
    { input: 'partial.test' },
    { signal: AbortSignal.timeout(30_000), net, progress: () => {} },
  )
  if (outcome.status !== 'ok') throw new Error(`mail test failed: ${outcome.error}`)
  result = outcome.result
}, 40_000)
afterAll(async () => {
  await Promise.all(peers.map((peer) => peer.close()))
  await dns?.stop()
})

describe('mail test with mail servers and records that could not be checked', () => {
  it('marks each mail server as checked or not checked, with why', () => {
    expect(result.mx.map((host) => [host.name, host.status, host.notChecked])).toEqual([
      ['mx1.partial.test', 'checked', undefined],
      ['mx2.partial.test', 'checked', undefined],
      ['mx3.partial.test', 'not-checked', `connection refused on port ${port}`],
      [
        'mx4.partial.test',
        'not-checked',
        `mx4.partial.test resolves to ${HOSTS.denied}, which is not allowed: loopback`,
      ],
    ])
    expect(find('smtp-connect', 'mx3.partial.test')).toMatchObject({
      status: 'fail',
      reason: `connection refused on port ${port}`,
    })
    expect(find('mx-address', 'mx4.partial.test')?.status).toBe('skipped')
    expect(peers.every((peer) => peer.seen.ehlo.includes('probe.nettoolbox.test'))).toBe(true)
  })

  it('counts only the mail servers checked in the MX verdict and the summary', () => {
    const reach = `2 of 4 mail servers checked; mx3.partial.test could not be reached: connection refused on port ${port}; mx4.partial.test could not be reached: mx4.partial.test resolves to ${HOSTS.denied}, which is not allowed: loopback`
    expect(find('mx')).toMatchObject({
      status: 'pass',
      reason: `4 MX records: mx1.partial.test (10), mx2.partial.test (20), mx3.partial.test (30), mx4.partial.test (40); ${reach}`,
    })
    const lines = mailLines(result)
    expect(lines[2]).toBe(reach)
  })

  it('reports SPF and DMARC as not checked when our resolver does not answer, never as pass or missing', () => {
    expect(find('spf')).toEqual({
      id: 'spf',
      title: 'SPF',
      status: 'skipped',
      reason: "not checked: this server's resolver did not answer for partial.test TXT",
    })
    expect(find('dmarc')).toEqual({
      id: 'dmarc',
      title: 'DMARC',
      status: 'skipped',
      reason: "not checked: this server's resolver did not answer for _dmarc.partial.test TXT",
    })
    expect(result.spf).toBeUndefined()
    expect(result.dmarc).toBeUndefined()
  })

  it('summarises only the checks made and counts the others apart', () => {
    const count = (status: MailCheck['status']) => result.checks.filter((c) => c.status === status).length
    const made = result.checks.length - count('skipped')
    expect(count('skipped')).toBe(3)
    expect(mailLines(result)[1]).toBe(
      `${made} checks made: ${count('pass')} passed, ${count('warn')} warning${count('warn') === 1 ? '' : 's'}, ${count('fail')} failed; 3 could not be made`,
    )
  })
})
