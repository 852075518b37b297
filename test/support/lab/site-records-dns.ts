// The DNS of the website check's record tests, on loopback: one Knot server (127.59.0.1) serves a
// signed test root and, below it, the zones a website lives in, so it answers every address, CAA,
// DS and DNSKEY question authoritatively and stands in for the resolver. Keys are made with keymgr
// before Knot starts, so each parent carries its child's DS; Knot signs at load (ECDSA P-256, NSEC).
//
//   .          signed; the trust anchor is its KSK's DS
//   web.       signed, DS in the root: CAA at shop.web (issue, issuewild, iodef) and at
//              own.shop.web (its own set); every site name an A record to SITE_ADDRESS
//   plain.     delegated without DS, unsigned, no CAA anywhere
//   bogus.     signed, but the DS in the root has a wrong digest
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { type DsRecord, parseTrustAnchors } from '../../../src/diagnostics/dnssec/trust-anchors.ts'
import { type KnotServer, type KnotZone, startKnot } from '../dns/knot.ts'
import { freePort } from '../net/ports.ts'

const run = promisify(execFile)
const KEYMGR = '/usr/sbin/keymgr'

export const DNS_ADDRESS = '127.59.0.1'
/** Where every site name of these zones points. */
export const SITE_ADDRESS = '127.59.0.10'

/** The site names below shop.web, one per security.txt variant the HTTP peer serves. */
export const SHOP_SITES = ['valid', 'expired', 'nocontact', 'signed', 'wrongtype', 'absent', 'moved', 'own'] as const

const POLICY = ['policy:', '  - id: site-records', '    algorithm: ecdsap256sha256', '    manual: on']

export interface SiteRecordsDns {
  /** "127.59.0.1:PORT": the one server to ask. */
  endpoint: string
  /** The root's DS records, as a DNSSEC_TRUST_ANCHORS file holds them. */
  trustAnchorText: string
  trustAnchors: DsRecord[]
  stop(): Promise<void>
}

const apex = (origin: string) => {
  const at = origin === '.' ? '.' : `${origin}.`
  return [
    '$TTL 300',
    `${at} SOA ns.${at === '.' ? 'root.' : at} hostmaster.${at === '.' ? '' : at} 1 3600 600 86400 300`,
    `${at} NS ns.${at === '.' ? 'root.' : at}`,
  ]
}

async function keymgr(kasp: string, zone: string, ...args: string[]): Promise<string> {
  const { stdout } = await run(KEYMGR, ['-D', kasp, `${zone === '.' ? '' : zone}.`, ...args])
  return stdout.trim()
}

/** A KSK and a ZSK for the zone; returns the KSK's SHA-256 DS lines. */
async function makeKeys(kasp: string, zone: string): Promise<string[]> {
  const ksk = await keymgr(kasp, zone, 'generate', 'algorithm=13', 'ksk=yes')
  await keymgr(kasp, zone, 'generate', 'algorithm=13', 'ksk=no')
  const ds = await keymgr(kasp, zone, 'ds', ksk)
  return ds.split('\n').filter((line) => / DS \d+ \d+ 2 /.test(line))
}

function zoneText(origin: string, records: string[]): string {
  return `${[...apex(origin), `ns.${origin === '.' ? 'root' : origin}. A ${DNS_ADDRESS}`, ...records].join('\n')}\n`
}

export async function startSiteRecordsDns(): Promise<SiteRecordsDns> {
  const kasp = await mkdtemp(path.join(tmpdir(), 'site-records-keys-'))
  let server: KnotServer
  try {
    const webDs = await makeKeys(kasp, 'web')
    // Flip the digest's last digit: the DS no longer matches bogus.'s key.
    const bogusDs = (await makeKeys(kasp, 'bogus')).map((l) => l.replace(/.$/, (c) => (c === '0' ? '1' : '0')))
    const rootDs = await makeKeys(kasp, '.')
    const delegation = (origin: string, ds: string[]) => [
      `${origin}. NS ns.${origin}.`,
      `ns.${origin}. A ${DNS_ADDRESS}`,
      ...ds,
    ]
    const web = [
      ...SHOP_SITES.map((site) => `${site}.shop.web. A ${SITE_ADDRESS}`),
      'shop.web. CAA 0 issue "ca.shop.test"',
      'shop.web. CAA 0 issuewild ";"',
      'shop.web. CAA 0 iodef "mailto:security@shop.web"',
      'own.shop.web. CAA 128 issue "own-ca.test; account=42"',
    ]
    const signed = (origin: string, records: string[]): KnotZone => ({
      origin,
      text: zoneText(origin, records),
      config: ['dnssec-signing: on', 'dnssec-policy: site-records'],
    })
    const zones: KnotZone[] = [
      signed('.', [...delegation('web', webDs), ...delegation('plain', []), ...delegation('bogus', bogusDs)]),
      signed('web', web),
      { origin: 'plain', text: zoneText('plain', [`www.plain. A ${SITE_ADDRESS}`]) },
      signed('bogus', [`www.bogus. A ${SITE_ADDRESS}`]),
    ]
    const port = await freePort(DNS_ADDRESS, true)
    server = await startKnot(zones, { address: DNS_ADDRESS, port, config: POLICY, kaspDb: kasp })
    const trustAnchorText = `${rootDs.join('\n')}\n`
    return {
      endpoint: server.endpoint,
      trustAnchorText,
      trustAnchors: parseTrustAnchors(trustAnchorText),
      stop: async () => {
        await server.stop()
        await rm(kasp, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await rm(kasp, { recursive: true, force: true })
    throw error
  }
}
