// Whose failure a failed whois is, and how it is worded. The registries' machinery (the RDAP
// directory, an RDAP service, a whois server of the chain) failing is the server side's failure,
// named as such; only the registry saying the name does not exist is a fact about the target.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app.ts'
import { type HoldingServer, startHoldingServer } from '../support/holding-server.ts'
import { freePort } from '../support/ports.ts'
import { type RdapServer, startRdapServer } from '../support/rdap-server.ts'

let rdap: RdapServer
let silent: HoldingServer
const apps: TestApp[] = []

beforeAll(async () => {
  rdap = await startRdapServer()
  rdap.statusFor.set('/rdap/domain/broken.test', 503)
  silent = await startHoldingServer()
})
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()))
  silent?.release()
  await silent?.close()
  await rdap?.stop()
})

async function whois(input: string, env: Record<string, string>) {
  const t = await createTestApp({ DNS_SERVERS: '127.0.0.1:9', TARGET_ALLOW: '127.0.0.0/8', ...env })
  apps.push(t)
  const res = await t.app.inject({ method: 'POST', url: '/api/tools/whois', payload: { input } })
  expect(res.statusCode).toBe(200)
  return res.json()
}

describe('whois failures', () => {
  it('an unreadable RDAP directory and a refusing whois server are the server side, each named', async () => {
    const [directory, whoisPort] = [await freePort(), await freePort()]
    const body = await whois('example-shop.test', {
      RDAP_BOOTSTRAP_URL: `http://127.0.0.1:${directory}/`,
      WHOIS_SERVER: `127.0.0.1:${whoisPort}`,
    })
    expect(body).toMatchObject({ status: 'failed', failureSource: 'server' })
    expect(body.error).toMatch(
      new RegExp(
        `^No registry answered for example-shop\\.test: RDAP: the RDAP directory could not be read: .+; ` +
          `whois: the whois server 127\\.0\\.0\\.1:${whoisPort} refused the connection \\(ECONNREFUSED\\)$`,
      ),
    )
  })

  it('an RDAP service answering 503 and a whois server that never answers are the server side', async () => {
    const body = await whois('broken.test', {
      RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl,
      WHOIS_SERVER: `127.0.0.1:${silent.port}`,
    })
    expect(body).toMatchObject({ status: 'failed', failureSource: 'server' })
    expect(body.error).toBe(
      `No registry answered for broken.test: RDAP: the RDAP service ${new URL(rdap.bootstrapUrl).origin}/rdap/domain/broken.test answered 503; ` +
        `whois: the whois server 127.0.0.1:${silent.port} sent no complete answer within 6000 ms`,
    )
  }, 20_000)

  it('a name the registry does not know is a fact about the target', async () => {
    const body = await whois('unknown-name.test', {
      RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl,
      WHOIS_SERVER: '127.0.0.1:9',
    })
    expect(body).toMatchObject({ status: 'failed', failureSource: 'target' })
    expect(body.error).toMatch(/^unknown-name\.test was not found \(.+ answered 404\)$/)
  })
})
