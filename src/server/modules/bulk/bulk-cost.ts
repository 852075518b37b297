// What a bulk input costs beyond its one run: the DNS packets it sent on the user's behalf (to the
// name servers of the zones it names, to a custom resolver). A list of names in one zone, or in zones
// with many name servers, then spends the caller's rate budget as fast as the traffic it causes.

/** Every full block of this many packets to servers the user named costs one run more (9 cost nothing, 16 one). */
export const PACKETS_PER_RUN = 10

export function extraRunsFor(packets: number): number {
  return Math.floor(packets / PACKETS_PER_RUN)
}
