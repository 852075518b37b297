// Every record type of a Knot zone, asked through the API and with kdig against the same loopback
// server: our presentation text must be kdig's, record for record, and our raw data must be the
// bytes kdig shows with +generic (RFC 3597 form, names written out in full).
import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkToolAnswer } from '../support/app/check-tool.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'

const KDIG = ['/usr/bin/kdig', '/usr/sbin/kdig'].find((p) => existsSync(p))
const zoneText = readFileSync(new URL('../fixtures/served/zones/rrtypes.test.zone', import.meta.url), 'utf8')
const ORIGIN = 'rrtypes.test.'

if (!knotAvailable || !KDIG)
  console.warn('SKIPPED: the kdig comparison needs knotd and kdig (Debian knot, knot-dnsutils)')

/** Every (owner, type) pair of the zone file, the owner written out in full. */
function zonePairs(): { name: string; type: string }[] {
  const pairs = new Map<string, { name: string; type: string }>()
  for (const line of zoneText.split('\n')) {
    if (line === '' || line.startsWith('$') || /^\s/.test(line)) continue
    const tokens = line.split(/\s+/)
    const owner = tokens[0] ?? ''
    const type = tokens[tokens.indexOf('IN') + 1] ?? ''
    const name = owner === '@' ? ORIGIN : `${owner}.${ORIGIN}`
    pairs.set(`${name} ${type}`, { name, type })
  }
  return [...pairs.values()]
}

interface Row {
  name: string
  type: string
  class: string
  ttl: number
  value: string
  rdata: string
}

const fqdn = (name: string) => `${name}.`

describe.skipIf(!knotAvailable || !KDIG)('DNS lookup text against kdig on a zone of every supported type', () => {
  let knot: KnotServer
  let t: TestApp

  beforeAll(async () => {
    knot = await startKnot([{ origin: 'rrtypes.test', text: zoneText }])
    t = await createTestApp({ DNS_SERVERS: knot.endpoint, TARGET_ALLOW: '127.0.0.0/8' })
  })
  afterAll(async () => {
    await t?.close()
    await knot?.stop()
  })

  /** kdig's answer lines as "owner TYPE rdata"; Knot ends CAA and URI data with a space, dropped here. */
  async function kdig(name: string, type: string, ...flags: string[]): Promise<string[]> {
    const args = [`@${knot.address}`, '-p', String(knot.port), '+noall', '+answer', '+norec', ...flags, name, type]
    const { stdout } = await promisify(execFile)(KDIG ?? 'kdig', args, { timeout: 5000 })
    return stdout
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => {
        const [owner, , , rrtype, ...rest] = l.split(/\s+/)
        const rdata = l.slice(l.indexOf(`\t${rrtype}\t`) + `\t${rrtype}\t`.length).trimEnd()
        return `${owner} ${rrtype} ${rest.length > 0 ? rdata : ''}`.trimEnd()
      })
      .sort()
  }

  async function ours(name: string, type: string): Promise<{ body: { lines: string[] }; rows: Row[] }> {
    const body = await checkToolAnswer(t, 'dns', name, { options: { type } })
    expect(body.status).toBe('ok')
    return { body, rows: body.result.queries[0].answers }
  }

  it.each(zonePairs())('$type at $name reads as kdig prints it', async ({ name, type }) => {
    const { body, rows } = await ours(name, type)
    expect(rows.length).toBeGreaterThan(0)
    const text = rows.map((r) => `${fqdn(r.name)} ${r.type} ${r.value}`).sort()
    expect(text).toEqual(await kdig(name, type))
    // The text output carries the same record lines.
    for (const r of rows) expect(body.lines).toContain(`${fqdn(r.name)}\t${r.ttl}\t${r.class}\t${r.type}\t${r.value}`)
  })

  it.each(zonePairs())('$type at $name keeps the raw data kdig shows with +generic', async ({ name, type }) => {
    const { rows } = await ours(name, type)
    const generic = (await kdig(name, type, '+generic')).map((l) => l.split(' ').slice(4).join('').toUpperCase())
    const raw = rows.map((r) => (r.rdata.length === 0 ? '' : r.rdata.toUpperCase())).sort()
    expect(raw).toEqual(generic.sort())
  })
})
