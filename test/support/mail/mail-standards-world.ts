// The mail standards world on loopback: Knot serving domains with TLSA (DANE-EE that matches, one
// that does not, DANE-TA), MTA-STS policies (enforce, one that omits an MX, testing), TLS-RPT,
// BIMI, SPF and DMARC records good and bad; STARTTLS peers on 127.25.26.0/24 and one MX also on ::1.
// Knot signs the zone at load, so the TLSA records can be DNSSEC-validated from its key.
import { createHash, X509Certificate } from 'node:crypto'
import https from 'node:https'
import { SMTPServer } from 'smtp-server'
import { dsDigest, keyTag } from '../../../src/diagnostics/dnssec/keys.ts'
import { parseName } from '../../../src/diagnostics/dnssec/names.ts'
import type { DsRecord } from '../../../src/diagnostics/dnssec/trust-anchors.ts'
import { exchangeDns } from '../../../src/diagnostics/net/dns-client.ts'
import { type KnotServer, startKnot } from '../dns/knot.ts'
import { createTestCa, MAIL_TEST_CA, mailServerCert } from '../tls/test-ca.ts'
import { type SmtpPeer, type SmtpPeerOptions, startSmtpPeer } from './mail-peers.ts'

export const STANDARDS_HOSTS = {
  dane: '127.25.26.2',
  daneV6: '::1',
  danebad: '127.25.26.3',
  danta: '127.25.26.4',
  weak: '127.25.26.5',
  policy: '127.25.26.7',
} as const

/** MTA-STS policy files by policy host name. */
const POLICIES: Record<string, string> = {
  'mta-sts.dane.test': 'version: STSv1\nmode: enforce\nmx: mx.dane.test\nmax_age: 604800\n',
  'mta-sts.omit.test': 'version: STSv1\nmode: enforce\nmx: mx.dane.test\nmax_age: 604800\n',
  // Lists a host that is no MX of the domain, beside its real MX.
  'mta-sts.testing.test': 'version: STSv1\nmode: testing\nmx: *.dane.test\nmx: old-mx.testing.test\nmax_age: 86400\n',
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex')
const spki = (pem: string) => new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' })
/** The certificates of a PEM bundle, in order. */
const pemCertificates = (pem: string) =>
  pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []

function zoneText(tlsa: { dane: string; danebad: string; danta: string }) {
  const h = STANDARDS_HOSTS
  return `$ORIGIN test.
$TTL 60
@ IN SOA ns.test. hostmaster.test. 2026010101 3600 600 86400 60
@ IN NS ns.test.
ns IN A 127.0.0.1

; dane.test: everything right (DANE-EE match, IPv6, MTA-STS enforce, TLS-RPT, BIMI, -all, p=reject)
dane IN MX 10 mx.dane.test.
dane IN TXT "v=spf1 mx -all"
_dmarc.dane IN TXT "v=DMARC1; p=reject; rua=mailto:dmarc@dane.test"
_mta-sts.dane IN TXT "v=STSv1; id=20260101"
_smtp._tls.dane IN TXT "v=TLSRPTv1; rua=mailto:tls-reports@dane.test"
default._bimi.dane IN TXT "v=BIMI1; l=https://dane.test/logo.svg; a=https://dane.test/vmc.pem"
mta-sts.dane IN A ${h.policy}
mx.dane IN A ${h.dane}
mx.dane IN AAAA ${h.daneV6}
_25._tcp.mx.dane IN TLSA ${tlsa.dane}

; danebad.test: TLSA for another key, no AAAA, TLS-RPT without rua, BIMI over http, ~all, p=none
danebad IN MX 10 mx.danebad.test.
danebad IN TXT "v=spf1 mx ~all"
_dmarc.danebad IN TXT "v=DMARC1; p=none"
_smtp._tls.danebad IN TXT "v=TLSRPTv1"
default._bimi.danebad IN TXT "v=BIMI1; l=http://danebad.test/logo.png"
mx.danebad IN A ${h.danebad}
_25._tcp.mx.danebad IN TLSA ${tlsa.danebad}

; danta.test: DANE-TA, the intermediate CA the server sends; a TLS-RPT destination without a domain,
; SPF ?all, DMARC quarantine for half the mail
danta IN MX 10 mx.danta.test.
_smtp._tls.danta IN TXT "v=TLSRPTv1; rua=mailto:reports"
danta IN TXT "v=spf1 mx ?all"
_dmarc.danta IN TXT "v=DMARC1; p=quarantine; pct=50; rua=mailto:dmarc@danta.test"
mx.danta IN A ${h.danta}
_25._tcp.mx.danta IN TLSA ${tlsa.danta}

; weak.test: STARTTLS limited to TLS 1.2 and a CBC suite
weak IN MX 10 mx.weak.test.
mx.weak IN A ${h.weak}

; omit.test: an enforced MTA-STS policy that lists only the first of two MX hosts
omit IN MX 10 mx.dane.test.
omit IN MX 20 mx.danebad.test.
_mta-sts.omit IN TXT "v=STSv1; id=2"
mta-sts.omit IN A ${h.policy}

; testing.test: an MTA-STS policy in testing mode covering its MX
testing IN MX 10 mx.dane.test.
_mta-sts.testing IN TXT "v=STSv1; id=3"
mta-sts.testing IN A ${h.policy}
`
}

export interface MailStandardsWorld {
  knot: KnotServer
  /** The DS of the signed zone test. (Knot signs it at load): DNSSEC validation starts there. */
  trustAnchors: DsRecord[]
  /** PEM the MTA-STS fetch is told to trust. */
  anchors: string
  peers: { dane: SmtpPeer; daneV6: SmtpPeer; danebad: SmtpPeer; danta: SmtpPeer }
  stop(): Promise<void>
}

/** DS records (SHA-256) of the zone's key-signing keys, read from its DNSKEY answer. */
async function trustAnchorsOf(knot: KnotServer, zone: string): Promise<DsRecord[]> {
  const { response } = await exchangeDns({
    name: zone,
    type: 'DNSKEY',
    server: { address: knot.address, port: knot.port },
    signal: AbortSignal.timeout(5000),
  })
  const owner = parseName(zone)
  return (response.answers ?? []).flatMap((answer) => {
    if (answer.type !== 'DNSKEY') return []
    const key = answer.data as { flags: number; algorithm: number; key: Buffer }
    if ((key.flags & 1) === 0) return []
    const head = Buffer.from([key.flags >> 8, key.flags & 0xff, 3, key.algorithm])
    const rdata = Buffer.concat([head, key.key])
    const digest = dsDigest(owner, rdata, 2)
    return digest ? [{ owner, keyTag: keyTag(rdata), algorithm: key.algorithm, digestType: 2, digest }] : []
  })
}

/** An SMTP server whose STARTTLS offers TLS 1.2 at most and one CBC suite without AEAD. */
async function startWeakTlsPeer(host: string, port: number, tls: { key: string; cert: string }) {
  const server = new SMTPServer({
    name: 'mx.weak.test',
    logger: false,
    authOptional: true,
    disabledCommands: ['AUTH'],
    key: tls.key,
    cert: tls.cert,
    maxVersion: 'TLSv1.2',
    ciphers: 'ECDHE-ECDSA-AES128-SHA',
    onRcptTo(_address, _session, callback) {
      callback(Object.assign(new Error('5.7.1 Relaying denied'), { responseCode: 554 }))
    },
  })
  server.on('error', () => {})
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

export async function startMailStandardsWorld(ports: { smtp: number; https: number }): Promise<MailStandardsWorld> {
  const stops: (() => Promise<void> | void)[] = []
  const stop = async () => {
    for (const close of stops.reverse()) await close()
  }
  try {
    const ca = await createTestCa(MAIL_TEST_CA)
    stops.push(() => ca.remove())
    const dane = await ca.issue(mailServerCert('mx.dane.test'))
    const danebad = await ca.issue(mailServerCert('mx.danebad.test'))
    const danta = await ca.issue(mailServerCert('mx.danta.test'))
    const intermediate = pemCertificates(danta.chain)[1] ?? ''
    const knot = await startKnot([
      {
        origin: 'test',
        text: zoneText({
          dane: `3 1 1 ${sha256(spki(dane.cert))}`,
          // The key of mx.dane.test, not of the certificate mx.danebad.test presents.
          danebad: `3 1 1 ${sha256(spki(dane.cert))}`,
          danta: `2 0 1 ${sha256(new X509Certificate(intermediate).raw)}`,
        }),
        config: ['dnssec-signing: on'],
      },
    ])
    stops.push(() => knot.stop())
    const h = STANDARDS_HOSTS
    const peer = async (host: string, name: string, tls: SmtpPeerOptions['tls']) => {
      const started = await startSmtpPeer({ host, port: ports.smtp, name, tls, localDomain: name.slice(3) })
      stops.push(() => started.close())
      return started
    }
    const peers = {
      dane: await peer(h.dane, 'mx.dane.test', dane),
      daneV6: await peer(h.daneV6, 'mx.dane.test', dane),
      danebad: await peer(h.danebad, 'mx.danebad.test', danebad),
      // The server sends its intermediate too: DANE-TA matches it.
      danta: await peer(h.danta, 'mx.danta.test', { ...danta, cert: danta.chain }),
    }
    const weak = await startWeakTlsPeer(h.weak, ports.smtp, await ca.issue(mailServerCert('mx.weak.test')))
    stops.push(() => weak.close())
    const policyCert = await ca.issue({ names: Object.keys(POLICIES) })
    const server = https.createServer({ key: policyCert.key, cert: policyCert.chain }, (req, res) => {
      const policy = POLICIES[(req.headers.host ?? '').replace(/:\d+$/, '')]
      if (req.url !== '/.well-known/mta-sts.txt' || !policy) return res.writeHead(404).end()
      res.writeHead(200, { 'content-type': 'text/plain' }).end(policy)
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(ports.https, h.policy, resolve)
    })
    stops.push(() => new Promise<void>((resolve) => server.close(() => resolve())))
    const trustAnchors = await trustAnchorsOf(knot, 'test.')
    if (trustAnchors.length === 0) throw new Error('Knot published no key-signing key for test.')
    return { knot, trustAnchors, anchors: ca.anchors, peers, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
