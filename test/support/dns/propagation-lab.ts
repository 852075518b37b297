// A zone caught mid-move, on loopback: a stand-in root (127.54.0.1) delegates "moved." to four name
// servers: ns1 (127.54.0.11) and ns4 (127.54.0.14) serve www.moved at its new address, ns2
// (127.54.0.12) still serves the old one, and nothing listens on ns3 (127.54.0.13). Four resolver
// stand-ins answer from fixed tables: two with the new address, one with the old, one never.
import { readFileSync } from 'node:fs'
import { freePort } from '../net/ports.ts'
import { type KnotServer, startKnot } from './knot.ts'
import { startTableDns, type TableDns } from './table-dns.ts'

const zone = (file: string) =>
  readFileSync(new URL(`../../fixtures/served/zones/propagation/${file}`, import.meta.url), 'utf8')

export const NEW_ADDRESS = '198.51.100.20'
export const OLD_ADDRESS = '198.51.100.10'

export interface PropagationLab {
  /** DNS_ROOT_HINTS value. */
  rootHint: string
  /** DNS_PUBLIC_RESOLVERS value: new, old, new, silent. */
  publicResolvers: string
  /** "127.54.0.1X:PORT" of each name server. */
  nameServer(n: 1 | 2 | 3 | 4): string
  resolvers: TableDns[]
  stop(): Promise<void>
}

export async function startPropagationLab(): Promise<PropagationLab> {
  const port = await freePort('127.54.0.1', true)
  const knots: KnotServer[] = []
  const resolvers: TableDns[] = []
  const stop = async () => {
    await Promise.all([...knots.map((k) => k.stop()), ...resolvers.map((r) => r.stop())])
  }
  try {
    knots.push(await startKnot([{ origin: '.', text: zone('root.zone') }], { address: '127.54.0.1', port }))
    for (const [address, file] of [
      ['127.54.0.11', 'moved-new.zone'],
      ['127.54.0.12', 'moved-old.zone'],
      ['127.54.0.14', 'moved-new.zone'],
    ] as const) {
      knots.push(await startKnot([{ origin: 'moved', text: zone(file) }], { address, port }))
    }
    for (const address of [NEW_ADDRESS, OLD_ADDRESS, NEW_ADDRESS]) {
      resolvers.push(await startTableDns({ records: [{ name: 'www.moved', type: 'A', data: address }] }))
    }
    resolvers.push(await startTableDns({ records: [], silent: ['A'] }))
  } catch (error) {
    await stop()
    throw error
  }
  return {
    rootHint: `127.54.0.1:${port}`,
    publicResolvers: resolvers.map((r) => r.endpoint).join(','),
    nameServer: (n) => `127.54.0.1${n}:${port}`,
    resolvers,
    stop,
  }
}
