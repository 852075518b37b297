// A lab peer: HTTPS sites (test/support/tls/tls-site.ts) and HTTP redirectors (test/support/http/http-site.ts)
// described by a JSON file. Usage (inside srv): node web-peers.ts <config.json>; prints "READY"
// when all listen, then "<host> <method> <url>" for every HTTP request an HTTP site receives.

import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import type { SecureVersion } from 'node:tls'
import { startHttpSite } from '../../support/http/http-site.ts'
import { startTlsSite } from '../../support/tls/tls-site.ts'

export type WebPeerConfig =
  | {
      kind: 'tls'
      host: string
      port: number
      key: string
      cert: string
      minVersion?: SecureVersion
      maxVersion?: SecureVersion
      ciphers?: string
      headers?: Record<string, string>
      /** Base64 DER OCSP response to staple. */
      ocsp?: string
      /** Path → a file served with its content type (e.g. /.well-known/security.txt); other paths answer "ok". */
      files?: Record<string, { type: string; body: string }>
    }
  | {
      kind: 'http'
      host: string
      port: number
      /** Path → target; a bare string redirects with 302. */
      redirects: Record<string, string | { status: number; location: string }>
    }

async function startPeer(config: WebPeerConfig) {
  if (config.kind === 'tls') {
    const { ocsp, files, ...options } = config
    const site = await startTlsSite({
      ...options,
      ocsp: ocsp ? Buffer.from(ocsp, 'base64') : undefined,
      handler: (request, response) => {
        const file = files?.[request.url ?? '']
        if (file) response.writeHead(200, { 'content-type': file.type }).end(file.body)
        else response.end('ok\n')
      },
    })
    return site.close
  }
  const site = await startHttpSite(
    config.host,
    (request, response) => {
      console.log(`${config.host} ${request.method} ${request.url}`)
      const target = config.redirects[request.url ?? '']
      if (!target) return response.writeHead(404).end()
      const { status, location } = typeof target === 'string' ? { status: 302, location: target } : target
      response.writeHead(status, { location }).end()
    },
    config.port,
  )
  return site.close
}

const configs = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as WebPeerConfig[]
const closers = await Promise.all(configs.map(startPeer))
console.log('READY')
await once(process, 'SIGTERM')
await Promise.all(closers.map((close) => close()))
process.exit(0)
