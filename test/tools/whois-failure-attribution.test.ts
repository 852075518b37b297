// Whose failure a failed whois is, and how it is worded. The registries' machinery (the RDAP
// directory, an RDAP service, a whois server of the referral chain) failing is the server side's
// failure, named as such; only a registry saying the name does not exist is a fact about the target.
// Every peer is on loopback: an RDAP directory and service over HTTP, whois servers over TCP, a stub
// resolver answering SERVFAIL.
import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkToolAnswer } from '../support/app/check-tool.ts'
import { type StubDns, startStubDns } from '../support/dns/stub-dns.ts'
import { type HoldingServer, startHoldingServer } from '../support/net/holding-server.ts'
import { freePort } from '../support/net/ports.ts'

/** RDAP on loopback: /good/ and /dead/ directories for ".example", and a service whose answer depends on the name. */
async function startRdap(deadPort: number) {
  let origin = ''
  const services: Record<string, (res: http.ServerResponse) => void> = {
    'broken.example': (res) => res.writeHead(503, { 'content-type': 'text/plain' }).end('busy'),
    'garbled.example': (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>'),
  }
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const directory = /^\/(good|dead)\/dns\.json$/.exec(path)
    if (directory) {
      const base = directory[1] === 'good' ? `${origin}/rdap/` : `http://127.0.0.1:${deadPort}/rdap/`
      const body = JSON.stringify({ version: '1.0', services: [[['example'], [base]]] })
      return res.writeHead(200, { 'content-type': 'application/json' }).end(body)
    }
    const name = /^\/rdap\/domain\/(.+)$/.exec(path)?.[1] ?? ''
    const answer = services[name]
    if (answer) return answer(res)
    res.writeHead(404, { 'content-type': 'application/rdap+json' }).end('{"errorCode":404}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** A whois server on loopback answering each query (lower case) with a fixed text, then closing. */
async function startWhois(answers: Record<string, string>) {
  const server = net.createServer((socket) => {
    let received = ''
    socket.on('error', () => {})
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1')
      if (!received.includes('\r\n')) return
      const query = received.slice(0, received.indexOf('\r\n')).toLowerCase()
      socket.end(answers[query] ?? `% No entries found for ${query}\r\n`)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const endpoint = `127.0.0.1:${(server.address() as AddressInfo).port}`
  return { endpoint, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

let rdap: Awaited<ReturnType<typeof startRdap>>
let iana: Awaited<ReturnType<typeof startWhois>>
let registry: Awaited<ReturnType<typeof startWhois>>
let silent: HoldingServer
let servfail: StubDns
let closed: number
const apps: TestApp[] = []

beforeAll(async () => {
  closed = await freePort()
  rdap = await startRdap(closed)
  silent = await startHoldingServer()
  servfail = await startStubDns('SERVFAIL')
  registry = await startWhois({
    'free-name.example': 'No match for "FREE-NAME.EXAMPLE".\r\n',
  })
  const refer = (server: string) =>
    `% IANA WHOIS server\r\n\r\nrefer:        ${server}\r\n\r\ndomain:       EXAMPLE\r\n`
  iana = await startWhois({
    'refused-registry.example': refer(`127.0.0.1:${closed}`),
    'silent-registry.example': refer(`127.0.0.1:${silent.port}`),
    'unresolved-registry.example': refer('whois.nic.example'),
    'free-name.example': refer(registry.endpoint),
    'name.nosuchtld': '% IANA WHOIS server\r\n% This query returned 0 objects.\r\n',
  })
})
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()))
  silent?.release()
  await Promise.all([silent?.close(), servfail?.stop(), iana?.close(), registry?.close(), rdap?.close()])
})

async function whois(input: string, env: Record<string, string> = {}) {
  const t = await createTestApp({
    DNS_SERVERS: servfail.endpoint,
    TARGET_ALLOW: '127.0.0.0/8',
    RDAP_BOOTSTRAP_URL: `${rdap.origin}/good/`,
    WHOIS_SERVER: iana.endpoint,
    ...env,
  })
  apps.push(t)
  return checkToolAnswer(t, 'whois', input)
}

describe('whois failures of the RDAP side, with the first whois server down', () => {
  it('an RDAP directory our resolver cannot find is the server side', async () => {
    const body = await whois('example-shop.example', {
      RDAP_BOOTSTRAP_URL: 'http://rdap-directory.test/',
      WHOIS_SERVER: `127.0.0.1:${closed}`,
    })
    expect(body).toMatchObject({ status: 'failed', failureSource: 'server' })
    expect(body.error).toBe(
      'No registry answered for example-shop.example: the RDAP directory could not be read: ' +
        `This server's resolver ${servfail.endpoint} answered SERVFAIL for rdap-directory.test; ` +
        `the whois server 127.0.0.1:${closed} refused the connection (ECONNREFUSED)`,
    )
  })

  it('an RDAP directory that answers 404 is the server side', async () => {
    const body = await whois('example-shop.example', {
      RDAP_BOOTSTRAP_URL: `${rdap.origin}/missing/`,
      WHOIS_SERVER: `127.0.0.1:${closed}`,
    })
    expect(body).toMatchObject({ status: 'failed', failureSource: 'server' })
    expect(body.error).toBe(
      'No registry answered for example-shop.example: the RDAP directory could not be read: ' +
        `${rdap.origin}/missing/dns.json answered 404; the whois server 127.0.0.1:${closed} refused the connection (ECONNREFUSED)`,
    )
  })

  it('an RDAP service that cannot be reached is the server side', async () => {
    const body = await whois('example-shop.example', {
      RDAP_BOOTSTRAP_URL: `${rdap.origin}/dead/`,
      WHOIS_SERVER: `127.0.0.1:${closed}`,
    })
    expect(body).toMatchObject({ status: 'failed', failureSource: 'server' })
    expect(body.error).toBe(
      `No registry answered for example-shop.example: the RDAP service http://127.0.0.1:${closed}/rdap/domain/example-shop.example ` +
        `could not be reached: 127.0.0.1:${closed} (127.0.0.1): the server refused the connection; ` +
        `the whois server 127.0.0.1:${closed} refused the connection (ECONNREFUSED)`,
    )
  })

  it('an RDAP service answering 503 is the server side', async () => {
    const body = await whois('broken.example', { WHOIS_SERVER: `127.0.0.1:${closed}` })
    expect(body).toMatchObject({ status: 'failed', failureSource: 'server' })
    expect(body.error).toBe(
      `No registry answered for broken.example: the RDAP service ${rdap.origin}/rdap/domain/broken.example answered 503; ` +
        `the whois server 127.0.0.1:${closed} refused the connection (ECONNREFUSED)`,
    )
  })

  it('an RDAP service answering something other than RDAP JSON is the server side', async () => {
    const body = await whois('garbled.example', { WHOIS_SERVER: `127.0.0.1:${closed}` })
    expect(body).toMatchObject({ status: 'failed', failureSource: 'server' })
    expect(body.error).toBe(
      `No registry answered for garbled.example: the RDAP service ${rdap.origin}/rdap/domain/garbled.example did not answer RDAP JSON; ` +
        `the whois server 127.0.0.1:${closed} refused the connection (ECONNREFUSED)`,
    )
  })
})

describe('whois failures along the referral chain', () => {
  /** What RDAP says for a name when its service cannot be reached. */
  const deadRdap = (name: string) =>
    `the RDAP service http://127.0.0.1:${closed}/rdap/domain/${name} could not be reached: 127.0.0.1:${closed} (127.0.0.1): the server refused the connection`

  it('a registry whois server that refuses the connection is the server side, with its referrer named', async () => {
    const body = await whois('refused-registry.example', { RDAP_BOOTSTRAP_URL: `${rdap.origin}/dead/` })
    expect(body).toMatchObject({ status: 'failed', failureSource: 'server' })
    expect(body.error).toBe(
      `No registry answered for refused-registry.example: ${deadRdap('refused-registry.example')}; ` +
        `the whois server 127.0.0.1:${closed} (referred by ${iana.endpoint}) refused the connection (ECONNREFUSED)`,
    )
  })

  it('a registry whois server that never answers is the server side', async () => {
    const body = await whois('silent-registry.example', { RDAP_BOOTSTRAP_URL: `${rdap.origin}/dead/` })
    expect(body).toMatchObject({ status: 'failed', failureSource: 'server' })
    expect(body.error).toBe(
      `No registry answered for silent-registry.example: ${deadRdap('silent-registry.example')}; ` +
        `the whois server 127.0.0.1:${silent.port} (referred by ${iana.endpoint}) sent no complete answer within 6000 ms`,
    )
  }, 20_000)

  it('a registry whois server our resolver cannot find is the server side', async () => {
    const body = await whois('unresolved-registry.example', { RDAP_BOOTSTRAP_URL: `${rdap.origin}/dead/` })
    expect(body).toMatchObject({ status: 'failed', failureSource: 'server' })
    expect(body.error).toBe(
      `No registry answered for unresolved-registry.example: ${deadRdap('unresolved-registry.example')}; ` +
        `the whois server whois.nic.example (referred by ${iana.endpoint}) could not be found: ` +
        `This server's resolver ${servfail.endpoint} answered SERVFAIL for whois.nic.example`,
    )
  })
})

describe('whois answers about the target', () => {
  it('a name the RDAP registry does not know is a fact about the target', async () => {
    const body = await whois('unknown-name.example')
    expect(body).toMatchObject({ status: 'failed', failureSource: 'target' })
    expect(body.error).toBe(
      `unknown-name.example was not found (${rdap.origin}/rdap/domain/unknown-name.example answered 404)`,
    )
  })

  it('a name the whois registry does not know is a fact about the target', async () => {
    const body = await whois('free-name.example', { RDAP_BOOTSTRAP_URL: `${rdap.origin}/dead/` })
    expect(body).toMatchObject({ status: 'failed', failureSource: 'target' })
    expect(body.error).toBe(`free-name.example was not found (${registry.endpoint}: No match for "FREE-NAME.EXAMPLE".)`)
  })

  it('a name under a top-level domain the first whois server does not know is a fact about the target', async () => {
    const body = await whois('name.nosuchtld')
    expect(body).toMatchObject({ status: 'failed', failureSource: 'target' })
    expect(body.error).toBe(`name.nosuchtld was not found (${iana.endpoint}: This query returned 0 objects.)`)
    expect(body.result.notes).toEqual(['No RDAP service is registered for name.nosuchtld'])
  })
})
