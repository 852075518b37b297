// Whose failure a DNS lookup's silent or failing resolver is. This server's own resolver
// (DNS_SERVERS) and the public resolvers the panel offers by name are ours: their silence is the
// server's failure, worded "This server could not reach …". A name server the user typed is named
// as the user's choice, and its failure is a fact about it (target). The API answer, its text lines
// and the CLI's closing line say the same.
// Nothing leaves loopback: the public resolvers are stand-ins on loopback reached through the Net
// seam, which maps each well-known address to its stand-in and refuses every other address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exitCodeOf, failureLine } from '../../cli/src/outcome.ts'
import { createDnsDiagnostic } from '../../src/diagnostics/dns/run.ts'
import type { Endpoint } from '../../src/diagnostics/net/endpoint.ts'
import { createNet, type Net } from '../../src/diagnostics/net/net.ts'
import { runTool } from '../../src/diagnostics/run/run-tool.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkToolAnswer } from '../support/app/check-tool.ts'
import { type StubDns, startStubDns } from '../support/dns/stub-dns.ts'

let silent: StubDns
let failing: StubDns

beforeAll(async () => {
  silent = await startStubDns('NOERROR', { silentFor: ['A'] })
  failing = await startStubDns('SERVFAIL')
})
afterAll(async () => {
  await silent?.stop()
  await failing?.stop()
})

/** A Net whose DNS questions to the named public addresses go to loopback stand-ins, and to nowhere else. */
function netWithStandIns(standIns: Record<string, StubDns>): Net {
  const net = createNet({ targetAllow: [], dnsServers: ['127.0.0.1:9'], ownAddresses: [] })
  return {
    ...net,
    askDns(question) {
      const server: Endpoint | undefined = question.server
      const standIn = server && server.port === 53 ? standIns[server.address] : undefined
      if (!standIn) return Promise.reject(new Error(`test fence: no stand-in for ${JSON.stringify(server)}`))
      return net.askDns({ ...question, server: { address: '127.0.0.1', port: standIn.port } })
    },
  }
}

async function lookUpWithPublicResolver(resolver: string, net: Net) {
  return runTool(
    createDnsDiagnostic(),
    { input: 'example.test', options: { type: 'A', resolver } },
    { net, signal: new AbortController().signal },
  )
}

describe('DNS lookup through a public resolver of our list', () => {
  it('calls Google Public DNS not answering our failure: "This server could not reach …"', async () => {
    const answer = await lookUpWithPublicResolver('google', netWithStandIns({ '8.8.8.8': silent }))
    const error = 'This server could not reach Google Public DNS (8.8.8.8)'
    expect(answer).toMatchObject({ status: 'failed', failureSource: 'server', error })
    expect(failureLine(answer)).toBe(`Failed (the NetToolbox server's side failed, not the target): ${error}`)
    expect(exitCodeOf(answer)).toBe(2)
  }, 20_000)

  it('calls an error rcode from a public resolver of our list our failure, naming the resolver', async () => {
    const answer = await lookUpWithPublicResolver('cloudflare', netWithStandIns({ '1.1.1.1': failing }))
    expect(answer).toMatchObject({
      status: 'failed',
      failureSource: 'server',
      error: 'Cloudflare (1.1.1.1) answered SERVFAIL for example.test A',
    })
  }, 20_000)
})

describe('DNS lookup through this server resolver and through a name server the user chose', () => {
  let ours: TestApp
  let app: TestApp

  beforeAll(async () => {
    ours = await createTestApp({ DNS_SERVERS: silent.endpoint })
    app = await createTestApp({ DNS_SERVERS: '127.0.0.1:9', TARGET_ALLOW: '127.0.0.0/8' })
  })
  afterAll(async () => {
    await ours?.close()
    await app?.close()
  })

  it('calls DNS_SERVERS not answering our failure', async () => {
    const body = await checkToolAnswer(ours, 'dns', 'example.test', { options: { type: 'A' } })
    expect(body).toMatchObject({
      status: 'failed',
      failureSource: 'server',
      error: `This server could not reach its resolver ${silent.endpoint}`,
    })
  }, 20_000)

  it('names a silent name server the user typed as their choice, a fact about that server', async () => {
    const body = await checkToolAnswer(app, 'dns', 'example.test', { options: { type: 'A', server: silent.endpoint } })
    const error = `The name server you chose, ${silent.endpoint}, did not answer`
    expect(body).toMatchObject({ status: 'failed', failureSource: 'target', error })
    expect(failureLine(body)).toBe(`Failed (the target failed): ${error}`)
    expect(exitCodeOf(body)).toBe(1)
  }, 20_000)

  it('names an error rcode of the chosen name server as that server answering it', async () => {
    const body = await checkToolAnswer(app, 'dns', 'example.test', { options: { type: 'A', server: failing.endpoint } })
    expect(body).toMatchObject({
      status: 'failed',
      failureSource: 'target',
      error: `The name server you chose, ${failing.endpoint}, answered SERVFAIL for example.test A`,
    })
  })
})
