// A loopback RDAP service for tests: the bootstrap files under /bootstrap/ (their "{{base}}"
// replaced by this server's /rdap/ URL) and RDAP objects from test/fixtures/rdap.
import { existsSync, readFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createTestApp, type TestApp } from '../app/app.ts'

const fixtures = new URL('../../fixtures/served/rdap/', import.meta.url)

export interface RdapServer {
  /** Value for RDAP_BOOTSTRAP_URL. */
  bootstrapUrl: string
  /** Paths asked for, in order. */
  requests: string[]
  /** Paths answered with this status instead of a fixture. */
  statusFor: Map<string, number>
  stop(): Promise<void>
}

/** "/rdap/domain/example-shop.test" → "domain-example-shop.test.json" */
function fixtureName(path: string): string {
  return `${path.replace(/^\/rdap\//, '').replace('/', '-')}.json`
}

export async function startRdapServer(): Promise<RdapServer> {
  const requests: string[] = []
  const statusFor = new Map<string, number>()
  let base = ''
  const server = http.createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    requests.push(path)
    const status = statusFor.get(path)
    if (status) return res.writeHead(status, { 'content-type': 'text/plain' }).end(`status ${status}`)
    const bootstrap = /^\/bootstrap\/((dns|ipv4|ipv6|asn)\.json)$/.exec(path)
    if (bootstrap) {
      const text = readFileSync(new URL(bootstrap[1] ?? '', fixtures), 'utf8').replaceAll('{{base}}', base)
      return res.writeHead(200, { 'content-type': 'application/json' }).end(text)
    }
    const file = new URL(fixtureName(path), fixtures)
    if (path.startsWith('/rdap/') && existsSync(file)) {
      return res.writeHead(200, { 'content-type': 'application/rdap+json' }).end(readFileSync(file))
    }
    res.writeHead(404, { 'content-type': 'application/rdap+json' }).end('{"errorCode":404,"title":"Not Found"}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  base = `${origin}/rdap/`
  return {
    bootstrapUrl: `${origin}/bootstrap/`,
    requests,
    statusFor,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export interface RdapTestApp extends TestApp {
  rdap: RdapServer
}

/** The app with a fresh loopback RDAP service, loopback targets allowed and a resolver that never answers. */
export async function createRdapTestApp(): Promise<RdapTestApp> {
  const rdap = await startRdapServer()
  const t = await createTestApp({
    DNS_SERVERS: '127.0.0.1:9',
    TARGET_ALLOW: '127.0.0.0/8',
    RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl,
  })
  return {
    ...t,
    rdap,
    async close() {
      await t.close()
      await rdap.stop()
    },
  }
}
