// Whose failure a failed geolocation is, and how it is worded: our resolver failing or this
// server's location data that cannot be read are the server side's; a name that does not exist or
// an address the data does not place is the target's. Addresses are data only: nothing is sent to
// them; the resolvers are stubs on loopback.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGeolocationDiagnostic, type GeolocationDeps } from '../../src/diagnostics/geolocation/run.ts'
import { loadAsnIndex } from '../../src/diagnostics/ip-data/asn-index.ts'
import { createNet } from '../../src/diagnostics/net/net.ts'
import type { RunContext } from '../../src/diagnostics/types.ts'
import { type StubDns, startStubDns } from '../support/dns/stub-dns.ts'

let servfail: StubDns
let nxdomain: StubDns
let scratch: string

beforeAll(async () => {
  servfail = await startStubDns('SERVFAIL')
  nxdomain = await startStubDns('NXDOMAIN')
  scratch = await mkdtemp(path.join(tmpdir(), 'geolocation-attribution-'))
})
afterAll(async () => {
  await Promise.all([servfail?.stop(), nxdomain?.stop()])
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

const unplaced: GeolocationDeps['lookUpIpFacts'] = async () => ({ attributions: [] })

function locate(input: string, deps: GeolocationDeps, resolver = servfail.endpoint) {
  const net = createNet({ targetAllow: [], dnsServers: [resolver], ownAddresses: [] })
  const ctx: RunContext = { signal: AbortSignal.timeout(10_000), net, progress: () => {} }
  return createGeolocationDiagnostic(deps).run({ input }, ctx)
}

describe("geolocation failures on this server's side", () => {
  it('our resolver answering SERVFAIL for the name', async () => {
    const outcome = await locate('site.geo.test', { lookUpIpFacts: unplaced })
    expect(outcome).toEqual({
      status: 'failed',
      failureSource: 'server',
      error: `This server's resolver ${servfail.endpoint} answered SERVFAIL for site.geo.test`,
    })
  })

  it('location data that cannot be loaded', async () => {
    const lookUpIpFacts = async () => {
      await loadAsnIndex(path.join(scratch, 'missing'))
      return { attributions: [] }
    }
    const outcome = await locate('1.1.1.1', { lookUpIpFacts })
    expect(outcome).toEqual({
      status: 'failed',
      failureSource: 'server',
      error: "This server's IP location database could not be loaded (ENOENT)",
    })
  })
})

describe('geolocation failures about the target', () => {
  it('a name that does not exist', async () => {
    const outcome = await locate('gone.geo.test', { lookUpIpFacts: unplaced }, nxdomain.endpoint)
    expect(outcome).toEqual({
      status: 'failed',
      failureSource: 'target',
      error: `gone.geo.test does not exist (NXDOMAIN from resolver ${nxdomain.endpoint})`,
    })
  })

  it('an address the database does not place', async () => {
    const outcome = await locate('1.1.1.1', { lookUpIpFacts: unplaced })
    expect(outcome).toEqual({
      status: 'failed',
      failureSource: 'target',
      error: 'No location is known for 1.1.1.1 in the DB-IP database',
    })
  })
})

describe('geolocation refused by the target policy', () => {
  it('a private address', async () => {
    const outcome = await locate('192.168.1.10', { lookUpIpFacts: unplaced })
    expect(outcome).toEqual({
      status: 'failed',
      failureSource: 'policy',
      error: '192.168.1.10 has no public location: private network (RFC 1918)',
    })
  })
})
