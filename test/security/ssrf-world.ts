// The peers of the SSRF corpus. Allowed peers listen on 127.0.0.64/26 (TARGET_ALLOW); the denied
// peers are recorders on other loopback addresses, on the same ports, so any connection that
// slips past the policy lands on one of them and is counted.
import http from 'node:http'
import net from 'node:net'
import { type KnotServer, startKnot } from '../support/dns/knot.ts'
import { freePort } from '../support/net/ports.ts'
import { type RecordingPeers, startRecordingPeers } from '../support/net/recording-peers.ts'
import { createTestCa } from '../support/tls/test-ca.ts'
import { startTlsSite, type TlsSite } from '../support/tls/tls-site.ts'

export const ALLOW = '127.0.0.64/26'
export const KNOT_HOST = '127.0.0.64'
export const PEER_HOST = '127.0.0.65'
export const REBIND_HOST = '127.0.0.66'
export const DENIED_HOSTS = ['127.0.0.1', '127.0.0.2', '127.0.0.3', '::1']

/** Ports of the allowed peers; the recorders listen on the same ones. */
export interface Ports {
  /** Knot DNS (UDP/TCP), also the DNS trace's root. */
  KP: number
  /** Plain HTTP: redirects, RDAP bootstrap. */
  HP: number
  /** HTTPS for the SSL check. */
  TP: number
  /** whois (port 43 stand-in). */
  WP: number
  /** SMTP of every mail host (MAIL_TEST_PORT). */
  SP: number
}

export interface SsrfWorld {
  ports: Ports
  knot: KnotServer
  site: { requests: string[] }
  tls: TlsSite
  whoisQueries: string[]
  recorders: RecordingPeers
  /** Replaces {KP}, {HP}... in a corpus string. */
  fill(text: string): string
  stop(): Promise<void>
}

const ROOT_ZONE = `$ORIGIN .
$TTL 60
@ IN SOA a.root.test. h.root.test. 1 3600 600 86400 60
@ IN NS a.root.test.
ssrf.test. IN NS ns.ssrf.test.
ns.ssrf.test. IN A ${KNOT_HOST}
evil. IN NS ns.evil.
ns.evil. IN A 127.0.0.2
evilsix. IN NS ns.evilsix.
ns.evilsix. IN AAAA ::1
localhost. IN A 127.0.0.1
localhost. IN AAAA ::1
`

const SSRF_ZONE = `$ORIGIN ssrf.test.
$TTL 60
@ IN SOA ns h 1 3600 600 86400 60
@ IN NS ns
ns IN A ${KNOT_HOST}
ok IN A ${PEER_HOST}
lo IN A 127.0.0.2
lo6 IN AAAA ::1
own IN A 127.0.0.1
zero IN A 0.0.0.0
meta IN A 169.254.169.254
ten IN A 10.0.0.1
mapped IN AAAA ::ffff:127.0.0.2
nat64 IN AAAA 64:ff9b::7f00:2
ula IN AAAA fc00::1
mixed IN A ${PEER_HOST}
mixed IN A 127.0.0.2
mixed6 IN A ${PEER_HOST}
mixed6 IN AAAA ::1
alias IN CNAME lo
mx-name IN MX 10 lo
mx-literal IN MX 10 127.0.0.2.
mx-meta IN MX 10 meta
`

export function fillPorts(text: string, ports: Ports): string {
  return text.replace(/\{(KP|HP|TP|WP|SP)\}/g, (_, key: keyof Ports) => String(ports[key]))
}

/** RDAP bootstrap files whose services point at denied places. */
function bootstrap(file: string, ports: Ports): object {
  const services: Record<string, [string[], string[]][]> = {
    'dns.json': [
      [['rdaplo'], [`http://127.0.0.2:${ports.HP}/rdap/`]],
      [['rdapsix'], [`http://[::1]:${ports.HP}/rdap/`]],
      [['rdapname'], [`http://lo.ssrf.test:${ports.HP}/rdap/`]],
      [['rdapmeta'], ['http://169.254.169.254/rdap/']],
      [['rdapredir'], [`http://${PEER_HOST}:${ports.HP}/rdap-redirect/`]],
      [['rdapcreds'], [`http://ok.ssrf.test@127.0.0.2:${ports.HP}/rdap/`]],
    ],
    'ipv4.json': [[['127.0.0.0/8'], [`http://127.0.0.3:${ports.HP}/rdap/`]]],
  }
  return { version: '1.0', services: services[file] ?? [] }
}

function startSite(ports: Ports, requests: string[]): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://site')
    requests.push(url.pathname + url.search)
    const file = /^\/bootstrap\/(\w+\.json)$/.exec(url.pathname)?.[1]
    if (file)
      return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(bootstrap(file, ports)))
    if (url.pathname === '/redir') return response.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end()
    if (url.pathname.startsWith('/rdap-redirect/')) {
      const rest = url.pathname.slice('/rdap-redirect/'.length)
      return response.writeHead(302, { location: `http://127.0.0.2:${ports.HP}/rdap/${rest}` }).end()
    }
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok\n')
  })
  return new Promise((resolve) => server.listen(ports.HP, PEER_HOST, () => resolve(server)))
}

/** Answers "refer: <value>" where the query names the referral ("ref-lo.whoisref" → REFERRALS["ref-lo"]). */
function startWhois(ports: Ports, referrals: Record<string, string>, queries: string[]): Promise<net.Server> {
  const server = net.createServer((socket) => {
    socket.on('error', () => {})
    socket.once('data', (chunk) => {
      const query = chunk.toString('latin1').trim().toLowerCase()
      queries.push(query)
      const referral = referrals[query.split('.')[0] ?? '']
      socket.end(
        referral ? `domain: ${query}\r\n${fillPorts(referral, ports)}\r\n` : `% No entries found for ${query}\r\n`,
      )
    })
  })
  return new Promise((resolve) => server.listen(ports.WP, PEER_HOST, () => resolve(server)))
}

export async function startSsrfWorld(referrals: Record<string, string>): Promise<SsrfWorld> {
  const ports: Ports = {
    KP: await freePort(KNOT_HOST, true),
    HP: await freePort(PEER_HOST),
    TP: await freePort(PEER_HOST),
    WP: await freePort(PEER_HOST),
    SP: await freePort(PEER_HOST),
  }
  const recorders = await startRecordingPeers(DENIED_HOSTS, {
    tcp: [ports.HP, ports.TP, ports.WP, ports.SP],
    udp: [ports.KP],
  })
  const knot = await startKnot(
    [
      { origin: '.', text: ROOT_ZONE },
      { origin: 'ssrf.test', text: SSRF_ZONE },
    ],
    { address: KNOT_HOST, port: ports.KP },
  )
  const ca = await createTestCa()
  const cert = await ca.selfSigned(['ok.ssrf.test', 'rebind-ssl.test'])
  const tls = await startTlsSite({ host: PEER_HOST, port: ports.TP, key: cert.key, cert: cert.chain })
  const requests: string[] = []
  const site = await startSite(ports, requests)
  const whoisQueries: string[] = []
  const whois = await startWhois(ports, referrals, whoisQueries)
  return {
    ports,
    knot,
    site: { requests },
    tls,
    whoisQueries,
    recorders,
    fill: (text) => fillPorts(text, ports),
    async stop() {
      site.closeAllConnections()
      await Promise.all([
        new Promise((r) => site.close(r)),
        new Promise((r) => whois.close(r)),
        tls.close(),
        knot.stop(),
        recorders.close(),
        ca.remove(),
      ])
    },
  }
}
