// A small DNS delegation tree on loopback, real Knot servers all on one port:
// 127.53.0.1 plays the root ("."), 127.53.0.2 serves test. (signed, so referrals carry DS) and
// other., 127.53.0.3 serves example.test, glueless.test, backup.test and the signed signed.test
// (NSEC) and signed3.test (NSEC3). Nothing listens on 127.53.0.9.
import { readFileSync } from 'node:fs'
import { freePort } from '../net/ports.ts'
import { type KnotServer, startKnot } from './knot.ts'

const zone = (file: string) => readFileSync(new URL(`../../fixtures/served/zones/${file}`, import.meta.url), 'utf8')

export const ROOT_ADDRESS = '127.53.0.1'
export const TLD_ADDRESS = '127.53.0.2'
export const LEAF_ADDRESS = '127.53.0.3'

/** Knot signs these zones itself at load, keys in its temporary directory. */
const SIGNING_POLICIES = [
  'policy:',
  '  - id: nsec',
  '    algorithm: ecdsap256sha256',
  '  - id: nsec3',
  '    algorithm: ecdsap256sha256',
  '    nsec3: on',
  '    nsec3-iterations: 0',
]

export interface DelegationTree {
  port: number
  /** DNS_ROOT_HINTS value: "127.53.0.1:PORT". */
  rootHint: string
  endpoint(address: string): string
  stop(): Promise<void>
}

export async function startDelegationTree(): Promise<DelegationTree> {
  const port = await freePort(ROOT_ADDRESS, true)
  const servers: KnotServer[] = []
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()))
  }
  try {
    servers.push(
      await startKnot([{ origin: '.', text: zone('delegation/root.zone') }], { address: ROOT_ADDRESS, port }),
    )
    servers.push(
      await startKnot(
        [
          { origin: 'test', text: zone('delegation/test.zone'), config: ['dnssec-signing: on', 'dnssec-policy: nsec'] },
          { origin: 'other', text: zone('delegation/other.zone') },
        ],
        { address: TLD_ADDRESS, port, config: SIGNING_POLICIES },
      ),
    )
    servers.push(
      await startKnot(
        [
          { origin: 'example.test', text: zone('example.test.zone') },
          { origin: 'glueless.test', text: zone('delegation/glueless.test.zone') },
          { origin: 'backup.test', text: zone('delegation/backup.test.zone') },
          {
            origin: 'signed.test',
            text: zone('delegation/signed.test.zone'),
            config: ['dnssec-signing: on', 'dnssec-policy: nsec'],
          },
          {
            origin: 'signed3.test',
            text: zone('delegation/signed3.test.zone'),
            config: ['dnssec-signing: on', 'dnssec-policy: nsec3'],
          },
        ],
        { address: LEAF_ADDRESS, port, config: SIGNING_POLICIES },
      ),
    )
  } catch (error) {
    await stop()
    throw error
  }
  return { port, rootHint: `${ROOT_ADDRESS}:${port}`, endpoint: (address) => `${address}:${port}`, stop }
}
