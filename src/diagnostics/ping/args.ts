// The argument array for iputils ping. Pure: the target is always a policy-checked IP literal.
import type { IpLiteral } from '../net/ip-literal.ts'

export interface PingArgsInput {
  address: IpLiteral
  count: number
  /** Seconds between probes (iputils allows 0.2 and up without privileges). */
  intervalSec: number
  /** Seconds to wait for the reply to the last probe. */
  replyWaitSec: number
}

/**
 * -n: numeric output only (no reverse lookups by ping itself);
 * -O: report a probe with no reply before the next one is sent ("no answer yet"), so losses stream too;
 * -c/-i/-W: exactly `count` probes, `intervalSec` apart, waiting `replyWaitSec` for the last.
 * No -w: with a deadline, iputils keeps sending past -c until enough replies arrive.
 */
export function buildPingArgs(input: PingArgsInput): string[] {
  if (!Number.isInteger(input.count) || input.count < 1) throw new RangeError('count must be a positive integer')
  return [
    '-n',
    '-O',
    input.address.family === 6 ? '-6' : '-4',
    '-c',
    String(input.count),
    '-i',
    String(input.intervalSec),
    '-W',
    String(input.replyWaitSec),
    '--',
    input.address.address,
  ]
}
