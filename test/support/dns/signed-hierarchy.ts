// A signed DNS hierarchy on loopback for DNSSEC validation: one Knot server (127.57.0.1) serves a
// test root, the TLDs sec. and opt. and the zones below them, so it answers every DS, DNSKEY and
// data question authoritatively and stands in for a resolver. Keys are made with keymgr before
// Knot starts, so each parent zone carries its children's DS records; Knot signs at load.
//
//   .                RSASHA256 (8), NSEC           trust anchor: its KSK's DS
//   sec.             ECDSAP256SHA256 (13), NSEC
//     ok.sec.        13, NSEC: www A, NXDOMAIN and NODATA proofs; every leaf has a *.any wildcard
//     n3.sec.        ECDSAP384SHA384 (14), NSEC3
//     ed.sec.        ED25519 (15)
//     rsa.sec.       RSASHA512 (10)
//     unsigned.sec.  delegated without DS, unsigned
//     nokey.sec.     a DS in sec., but the zone is served unsigned (no DNSKEY)
//     mismatch.sec.  signed, but the DS in sec. has a wrong digest
//     expired.sec.   hand-signed, its apex A RRSIG expired
//     tampered.sec.  hand-signed, its apex A changed after signing
//   opt.             13, NSEC3 with opt-out
//     child.opt.     delegated without DS (covered by an opt-out NSEC3)
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { type DsRecord, parseTrustAnchors } from '../../../src/diagnostics/dnssec/trust-anchors.ts'
import { freePort } from '../net/ports.ts'
import { type KnotServer, type KnotZone, startKnot } from './knot.ts'
import { signZoneByHand } from './zone-signer.ts'

const run = promisify(execFile)
const KEYMGR = '/usr/sbin/keymgr'

export const HIERARCHY_ADDRESS = '127.57.0.1'

interface SignedZone {
  origin: string
  algorithm: number
  policy: string
  /** Records below the apex SOA and NS. */
  records: string[]
  /** Child zones delegated from here; `ds: false` for an unsigned delegation. */
  children?: { origin: string; ds: string[] | false }[]
}

const ALGORITHM_NAMES: Record<number, string> = {
  8: 'rsasha256',
  10: 'rsasha512',
  13: 'ecdsap256sha256',
  14: 'ecdsap384sha384',
  15: 'ed25519',
}

const POLICIES = [
  'policy:',
  ...[8, 10, 13, 14, 15].flatMap((alg) => [
    `  - id: nsec-${alg}`,
    `    algorithm: ${ALGORITHM_NAMES[alg]}`,
    '    manual: on',
    `  - id: nsec3-${alg}`,
    `    algorithm: ${ALGORITHM_NAMES[alg]}`,
    '    manual: on',
    '    nsec3: on',
    '    nsec3-iterations: 0',
    '    nsec3-salt-length: 0',
    `  - id: optout-${alg}`,
    `    algorithm: ${ALGORITHM_NAMES[alg]}`,
    '    manual: on',
    '    nsec3: on',
    '    nsec3-opt-out: on',
    '    nsec3-iterations: 0',
    '    nsec3-salt-length: 0',
  ]),
]

const apex = (origin: string) => {
  const at = origin === '.' ? '.' : `${origin}.`
  const ns = origin === '.' ? 'ns.root-servers.sec.' : `ns.${at}`
  return [`$TTL 300`, `${at} SOA ${ns} hostmaster.${at === '.' ? '' : at} 1 3600 600 86400 300`, `${at} NS ${ns}`]
}

function zoneText(zone: SignedZone): string {
  const lines = [...apex(zone.origin), ...zone.records]
  for (const child of zone.children ?? []) {
    lines.push(`${child.origin}. NS ns.${child.origin}.`, `ns.${child.origin}. A ${HIERARCHY_ADDRESS}`)
    if (child.ds) lines.push(...child.ds)
  }
  return `${lines.join('\n')}\n`
}

async function keymgr(kasp: string, zone: string, ...args: string[]): Promise<string> {
  const { stdout } = await run(KEYMGR, ['-D', kasp, `${zone === '.' ? '' : zone}.`, ...args])
  return stdout.trim()
}

/** A KSK and a ZSK for the zone; returns the KSK's DS lines (SHA-256) as keymgr writes them. */
async function makeKeys(kasp: string, zone: string, algorithm: number): Promise<string[]> {
  const size = algorithm === 8 || algorithm === 10 ? ['size=2048'] : []
  const kskId = await keymgr(kasp, zone, 'generate', `algorithm=${algorithm}`, 'ksk=yes', ...size)
  await keymgr(kasp, zone, 'generate', `algorithm=${algorithm}`, 'ksk=no', ...size)
  const ds = await keymgr(kasp, zone, 'ds', kskId)
  return ds.split('\n').filter((line) => / DS \d+ \d+ 2 /.test(line))
}

export interface SignedHierarchy {
  /** "127.57.0.1:PORT": the server to ask for everything. */
  endpoint: string
  address: string
  port: number
  /** The root's DS records, as a DNSSEC_TRUST_ANCHORS file would hold them. */
  trustAnchorText: string
  trustAnchors: DsRecord[]
  stop(): Promise<void>
}

const leaf = (origin: string, algorithm: number, policy: string): SignedZone => ({
  origin,
  algorithm,
  policy: `${policy}-${algorithm}`,
  records: [
    `www.${origin}. A 198.51.100.20`,
    `mail.${origin}. A 198.51.100.21`,
    `*.any.${origin}. A 198.51.100.22`,
    `${origin}. TXT "signed with ${algorithm}"`,
  ],
})

export async function startSignedHierarchy(): Promise<SignedHierarchy> {
  const kasp = await mkdtemp(path.join(tmpdir(), 'dnssec-keys-'))
  const leaves = [
    leaf('ok.sec', 13, 'nsec'),
    leaf('n3.sec', 14, 'nsec3'),
    leaf('ed.sec', 15, 'nsec'),
    leaf('rsa.sec', 10, 'nsec'),
    leaf('mismatch.sec', 13, 'nsec'),
  ]
  const childDs = new Map<string, string[]>()
  for (const zone of leaves) childDs.set(zone.origin, await makeKeys(kasp, zone.origin, zone.algorithm))
  // Flip the last digit of the digest: the DS no longer matches the key.
  childDs.set(
    'mismatch.sec',
    (childDs.get('mismatch.sec') ?? []).map((line) => line.replace(/.$/, (c) => (c === '0' ? '1' : '0'))),
  )
  const now = Math.floor(Date.now() / 1000)
  const expired = signZoneByHand('expired.sec.', {
    signedAddress: '198.51.100.30',
    servedAddress: '198.51.100.30',
    window: { inception: now - 20 * 86400, expiration: now - 86400 },
  })
  const tampered = signZoneByHand('tampered.sec.', {
    signedAddress: '198.51.100.31',
    servedAddress: '198.51.100.32',
    window: { inception: now - 3600, expiration: now + 30 * 86400 },
  })
  const unsigned: SignedZone = {
    origin: 'unsigned.sec',
    algorithm: 0,
    policy: '',
    records: ['www.unsigned.sec. A 198.51.100.40'],
  }
  const child: SignedZone = {
    origin: 'child.opt',
    algorithm: 0,
    policy: '',
    records: ['www.child.opt. A 198.51.100.41'],
  }
  const sec: SignedZone = {
    origin: 'sec',
    algorithm: 13,
    policy: 'nsec-13',
    records: [],
    children: [
      ...leaves.map((z) => ({ origin: z.origin, ds: childDs.get(z.origin) ?? [] })),
      { origin: 'expired.sec', ds: [expired.ds] },
      { origin: 'tampered.sec', ds: [tampered.ds] },
      { origin: 'unsigned.sec', ds: false as const },
      // A DS for a key the child never publishes: the child zone is served unsigned.
      { origin: 'nokey.sec', ds: [`nokey.sec. IN DS 4242 13 2 ${'AB'.repeat(32)}`] },
    ],
  }
  const opt: SignedZone = {
    origin: 'opt',
    algorithm: 13,
    policy: 'optout-13',
    records: [],
    children: [{ origin: 'child.opt', ds: false }],
  }
  const secDs = await makeKeys(kasp, 'sec', 13)
  const optDs = await makeKeys(kasp, 'opt', 13)
  const root: SignedZone = {
    origin: '.',
    algorithm: 8,
    policy: 'nsec-8',
    records: [],
    children: [
      { origin: 'sec', ds: secDs },
      { origin: 'opt', ds: optDs },
    ],
  }
  const rootDs = await makeKeys(kasp, '.', 8)
  const signed = (z: SignedZone): KnotZone => ({
    origin: z.origin,
    text: zoneText(z),
    config: ['dnssec-signing: on', `dnssec-policy: ${z.policy}`],
  })
  const zones: KnotZone[] = [
    signed(root),
    signed(sec),
    signed(opt),
    ...leaves.map(signed),
    { origin: 'expired.sec', text: expired.text },
    { origin: 'tampered.sec', text: tampered.text },
    { origin: 'unsigned.sec', text: zoneText(unsigned) },
    {
      origin: 'nokey.sec',
      text: zoneText({ ...unsigned, origin: 'nokey.sec', records: ['www.nokey.sec. A 198.51.100.42'] }),
    },
    { origin: 'child.opt', text: zoneText(child) },
  ]
  let server: KnotServer
  try {
    const port = await freePort(HIERARCHY_ADDRESS, true)
    server = await startKnot(zones, { address: HIERARCHY_ADDRESS, port, config: POLICIES, kaspDb: kasp })
  } catch (error) {
    await rm(kasp, { recursive: true, force: true })
    throw error
  }
  const trustAnchorText = `${rootDs.join('\n')}\n`
  return {
    endpoint: server.endpoint,
    address: server.address,
    port: server.port,
    trustAnchorText,
    trustAnchors: parseTrustAnchors(trustAnchorText),
    stop: async () => {
      await server.stop()
      await rm(kasp, { recursive: true, force: true })
    },
  }
}
