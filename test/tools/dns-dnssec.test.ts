// DNSSEC records through the API, against Knot servers that sign their zones themselves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkToolAnswer } from '../support/app/check-tool.ts'
import { type DelegationTree, LEAF_ADDRESS, startDelegationTree, TLD_ADDRESS } from '../support/dns/delegation-tree.ts'
import { knotAvailable } from '../support/dns/knot.ts'

if (!knotAvailable) console.warn('SKIPPED: DNSSEC integration tests need knotd (Debian package knot)')

interface Row {
  name: string
  type: string
  value: string
}

describe.skipIf(!knotAvailable)('POST /api/tools/dns with DNSSEC against signed Knot zones', () => {
  let tree: DelegationTree
  let t: TestApp

  beforeAll(async () => {
    tree = await startDelegationTree()
    t = await createTestApp({ DNS_SERVERS: tree.endpoint(LEAF_ADDRESS), TARGET_ALLOW: '127.0.0.0/8' })
  })
  afterAll(async () => {
    await t?.close()
    await tree?.stop()
  })

  const lookup = async (input: string, options: object) => {
    return checkToolAnswer(t, 'dns', input, { options })
  }
  const types = (rows: Row[]) => rows.map((r) => r.type)

  it('sets the DO bit with dnssec and shows the RRSIG beside the answer', async () => {
    const body = await lookup('www.signed.test', { type: 'A', dnssec: true })
    expect(body.status).toBe('ok')
    expect(body.result.dnssec).toBe(true)
    const answers: Row[] = body.result.queries[0].answers
    expect(types(answers)).toEqual(['A', 'RRSIG'])
    expect(answers[1]?.value).toMatch(/^A 13 3 300 \d{14} \d{14} \d+ signed\.test\. [A-Za-z0-9+/=]+$/)
    expect(body.lines[0]).toBe('; Resolver: System resolver')
    expect(body.lines[1]).toBe(`; <<>> NetToolbox DNS <<>> www.signed.test A @${tree.endpoint(LEAF_ADDRESS)} +dnssec`)
  })

  it('shows no signatures without dnssec', async () => {
    const body = await lookup('www.signed.test', { type: 'A' })
    expect(types(body.result.queries[0].answers)).toEqual(['A'])
    expect(body.result.dnssec).toBe(false)
  })

  it('lists the zone keys as DNSKEY records, key-signing and zone-signing', async () => {
    const body = await lookup('signed.test', { type: 'DNSKEY' })
    const values: string[] = body.result.queries[0].answers.map((r: Row) => r.value)
    expect(values.map((v) => v.split(' ').slice(0, 3).join(' ')).sort()).toEqual(['256 3 13', '257 3 13'])
  })

  it('reads the DS record from the parent zone', async () => {
    const body = await lookup('signed.test', { type: 'DS', server: tree.endpoint(TLD_ADDRESS) })
    expect(body.result.resolver).toBe('Custom server')
    expect(body.result.queries[0].answers.map((r: Row) => r.value)).toEqual([
      '12345 13 2 0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF',
    ])
  })

  it('shows the NSEC proof of a missing name', async () => {
    const body = await lookup('nope.signed.test', { type: 'A', dnssec: true })
    expect(body.error).toMatch(/^nope\.signed\.test does not exist \(NXDOMAIN from resolver [\d.:[\]a-f]+\)$/)
    const nsec = body.result.queries[0].authority.filter((r: Row) => r.type === 'NSEC')
    expect(nsec.length).toBeGreaterThan(0)
    expect(nsec[0].value).toMatch(/^[a-z0-9.]+\.signed\.test\. .*\bRRSIG\b.*\bNSEC\b/)
  })

  it('shows NSEC3 proofs in presentation format and the NSEC3PARAM of the zone', async () => {
    const missing = await lookup('nope.signed3.test', { type: 'A', dnssec: true })
    const nsec3: Row[] = missing.result.queries[0].authority.filter((r: Row) => r.type === 'NSEC3')
    expect(nsec3.length).toBeGreaterThan(0)
    for (const record of nsec3) {
      expect(record.name).toMatch(/^[0-9a-v]{32}\.signed3\.test$/)
      expect(record.value).toMatch(/^1 0 0 ([0-9A-F]+|-) [0-9a-v]{32}( [A-Z0-9]+)*$/)
    }
    const param = await lookup('signed3.test', { type: 'NSEC3PARAM' })
    expect(param.result.queries[0].answers[0].value).toMatch(/^1 0 0 ([0-9A-F]+|-)$/)
  })
})
