// A DNSBL_ZONES_FILE zone list (lab zones on Knot), run the way the route runs a tool, including a
// list whose own resolver never answers: it must come back "unverified: no answer within 1.5 s" within the deadline.
import dgram from 'node:dgram'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBlacklistDiagnostic } from '../../src/diagnostics/blacklist/run.ts'
import { loadDnsblLists } from '../../src/diagnostics/dnsbl/dnsbl-lists.ts'
import { createNet } from '../../src/diagnostics/net/net.ts'
import { runTool } from '../../src/diagnostics/run/run-tool.ts'

import { type BlacklistProgress, blacklistResult } from '../../src/shared/tools/blacklist/schema.ts'
import { LAB, startDnsblKnot } from '../support/dns/dnsbl-lab.ts'
import { type KnotServer, knotAvailable } from '../support/dns/knot.ts'

if (!knotAvailable) console.warn('SKIPPED: DNSBL zone-file tests need knotd (Debian package knot)')

/** A UDP socket on loopback that reads questions and never answers. */
function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const socket = dgram.createSocket('udp4')
  socket.on('message', () => {})
  return new Promise((resolve) => {
    socket.bind(0, '127.0.0.1', () => {
      resolve({ port: socket.address().port, close: () => new Promise((done) => socket.close(() => done())) })
    })
  })
}

describe.skipIf(!knotAvailable)('a DNSBL_ZONES_FILE of lab zones', () => {
  let knot: KnotServer
  let silent: Awaited<ReturnType<typeof startSilentServer>>
  let dir: string
  let zonesFile: string

  beforeAll(async () => {
    knot = await startDnsblKnot()
    silent = await startSilentServer()
    dir = await mkdtemp(path.join(tmpdir(), 'dnsbl-zones-'))
    const lab = JSON.parse(await readFile(new URL('../fixtures/served/dnsbl/lab-zones.json', import.meta.url), 'utf8'))
    lab.zones.push({
      id: 'lab-silent',
      name: 'Lab silent list',
      zone: 'silent.dnsbl.test',
      kind: 'ip',
      server: `127.0.0.1:${silent.port}`,
      codes: { '127.0.0.2': 'Listed' },
      info: 'https://lab.dnsbl.test/silent',
    })
    zonesFile = path.join(dir, 'zones.json')
    await writeFile(zonesFile, JSON.stringify(lab))
  })
  afterAll(async () => {
    await silent?.close()
    await knot?.stop()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  async function run(input: string) {
    const diagnostic = createBlacklistDiagnostic(loadDnsblLists(zonesFile))
    const net = createNet({ targetAllow: LAB.targetAllow.split(','), dnsServers: [knot.endpoint] })
    const progress: BlacklistProgress[] = []
    const answer = await runTool(
      diagnostic,
      { input },
      {
        net,
        signal: new AbortController().signal,
        progress: (partial) => progress.push(partial as BlacklistProgress),
      },
    )
    return { answer, result: blacklistResult.parse(answer.result), progress }
  }

  it('asks the lab lists named in the file, and reports the silent list as "unverified" within the deadline', async () => {
    const { answer, result, progress } = await run(LAB.listed)
    expect(answer.status).toBe('ok')
    const byId = Object.fromEntries(result.rows.map((row) => [row.id, row]))
    expect(byId['lab-zen']).toMatchObject({ status: 'listed', query: '10.100.51.198.zen.dnsbl.test' })
    expect(byId['lab-bl']?.status).toBe('listed')
    expect(byId['lab-tor']?.status).toBe('clean')
    expect(byId['lab-silent']).toMatchObject({
      status: 'unverified',
      detail: 'unverified: no answer within 1.5 s',
      codes: [],
    })
    expect(result.summary).toEqual({ listed: 2, allowed: 0, clean: 2, unverified: 1, checked: 4, total: 5 })
    expect(answer.lines).toContain(
      'UNVERIFIED  Lab silent list (silent.dnsbl.test): unverified: no answer within 1.5 s',
    )
    expect(progress.at(-1)?.row.id).toBe('lab-silent')
  })

  it('marks an allow-list hit as allowed and decodes "*" octet codes', async () => {
    const { result } = await run(LAB.allowListed)
    expect(result.rows.find((row) => row.id === 'lab-wl')).toMatchObject({
      status: 'allowed',
      codes: ['127.0.10.3'],
      meanings: ['Allow-listed, trust high'],
    })
    expect(result.summary.allowed).toBe(1)
  })

  it('checks a domain on the lab domain lists and decodes the bitmask answer', async () => {
    const { result } = await run('badsite.test')
    const uri = result.rows.find((row) => row.id === 'lab-uri')
    expect(uri).toMatchObject({ status: 'listed', query: 'badsite.test.uri.dnsbl.test', meanings: ['black', 'grey'] })
    expect(result.rows.find((row) => row.id === 'lab-dbl')?.meanings).toEqual(['Phishing domain'])
  })
})
