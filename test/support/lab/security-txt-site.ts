// An HTTPS peer on loopback serving security.txt variants by host name: a page at "/" for every
// host, and at /.well-known/security.txt a valid file, an expired one, one without Contact, a
// cleartext-signed one, one served as text/html, none (404), and a redirect to the valid one.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { startTlsSite, type TlsSite } from '../tls/tls-site.ts'

const DAY_MS = 86_400_000

export interface SecurityTxtSiteOptions {
  host: string
  key: string
  cert: string
  /** The date the Expires fields are written against. */
  now: Date
}

export interface SecurityTxtSite {
  port: number
  /** The path of every request seen, by host name. */
  seen: { host: string; path: string }[]
  close(): Promise<void>
}

const expires = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS).toISOString()

/** The file each host serves: [content type, body]; undefined for 404. */
function variant(host: string, port: number, now: Date): { type: string; body: string } | undefined {
  const canonical = `Canonical: https://${host}:${port}/.well-known/security.txt`
  const valid = [
    '# Report security issues to us',
    'Contact: mailto:security@shop.web',
    'Contact: https://valid.shop.web/report',
    `Expires: ${expires(now, 90)}`,
    'Encryption: https://valid.shop.web/pgp-key.txt',
    'Policy: https://valid.shop.web/disclosure',
    'Preferred-Languages: en, de',
    canonical,
  ].join('\n')
  const plain = 'text/plain; charset=utf-8'
  switch (host.split('.')[0]) {
    case 'valid':
      return { type: plain, body: valid }
    case 'expired':
      return { type: plain, body: `Contact: mailto:security@shop.web\nExpires: ${expires(now, -10)}\n` }
    case 'nocontact':
      return { type: plain, body: `Policy: https://nocontact.shop.web/policy\nExpires: ${expires(now, 30)}\n` }
    case 'signed':
      return {
        type: plain,
        body: [
          '-----BEGIN PGP SIGNED MESSAGE-----',
          'Hash: SHA512',
          '',
          'Contact: mailto:security@shop.web',
          `Expires: ${expires(now, 400)}`,
          canonical,
          '-----BEGIN PGP SIGNATURE-----',
          '',
          'iHUEARYKAB0WIQTJ6h2bXUQmrfXPkcCZs3iyEG5RdAUCZ0VfiQAKCRCZs3iyEG5R',
          '=Qx5v',
          '-----END PGP SIGNATURE-----',
          '',
        ].join('\n'),
      }
    case 'wrongtype':
      return { type: 'text/html', body: valid.replaceAll(host, 'wrongtype.shop.web') }
    default:
      return undefined
  }
}

export async function startSecurityTxtSite(options: SecurityTxtSiteOptions): Promise<SecurityTxtSite> {
  const seen: { host: string; path: string }[] = []
  let port = 0
  const handler = (request: IncomingMessage, response: ServerResponse) => {
    const host = String(request.headers.host ?? '').replace(/:\d+$/, '')
    seen.push({ host, path: request.url ?? '' })
    if (request.url !== '/.well-known/security.txt') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>shop</title><p>shop</p>')
      return
    }
    if (host.startsWith('moved.')) {
      response.writeHead(302, { location: `https://valid.shop.web:${port}/.well-known/security.txt` }).end()
      return
    }
    const file = variant(host, port, options.now)
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<!doctype html><title>Not found</title>')
      return
    }
    response.writeHead(200, { 'content-type': file.type }).end(file.body)
  }
  const site: TlsSite = await startTlsSite({ host: options.host, key: options.key, cert: options.cert, handler })
  port = site.port
  return { port, seen, close: () => site.close() }
}
