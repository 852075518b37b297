// The argument array for mtr in raw mode. Pure: the target is always a policy-checked IP literal.
import type { IpLiteral } from '../net/ip-literal.ts'

export interface MtrArgsInput {
  address: IpLiteral
  /** Probes per hop (mtr -c). */
  count: number
  maxHops: number
  /** Bytes per probe, IP header included (mtr -s). */
  packetBytes: number
  /** Seconds between rounds of probes (mtr -i; below 1 needs root). */
  intervalSec: number
  /** Seconds to wait for late replies after the last round (mtr -G). */
  graceSec: number
  protocol: 'icmp' | 'udp' | 'tcp'
  /** UDP/TCP destination port (mtr -P). */
  port?: number
}

/**
 * --raw: one line per event (probe sent, host seen, reply) as it happens, so hops can stream;
 * -n: addresses only (reverse names are looked up through our own DNS client instead).
 */
export function buildMtrArgs(input: MtrArgsInput): string[] {
  if (!Number.isInteger(input.count) || input.count < 1) throw new RangeError('count must be a positive integer')
  const args = [
    '--raw',
    '-n',
    input.address.family === 6 ? '-6' : '-4',
    '-c',
    String(input.count),
    '-m',
    String(input.maxHops),
    '-s',
    String(input.packetBytes),
    '-i',
    String(input.intervalSec),
    '-G',
    String(input.graceSec),
  ]
  if (input.protocol === 'udp') args.push('--udp')
  if (input.protocol === 'tcp') args.push('--tcp')
  if (input.protocol !== 'icmp' && input.port !== undefined) args.push('-P', String(input.port))
  args.push('--', input.address.address)
  return args
}
