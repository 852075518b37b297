// What a test may move against the server's per-client byte budget. The server charges each transfer
// its full size when it starts (a download cut short still counts whole), so the engine counts the
// sizes it asks for. A test keeps to half the per-minute budget, a quarter for each direction, so a
// second test right after the first still fits; on a link too fast for a direction's quarter to last
// the whole phase, the phase ends once its quarter is asked for.

/** Whole tests that fit in one minute's budget. */
export const TESTS_PER_MINUTE_BUDGET = 2

export interface ByteAllowance {
  /** The size a transfer that wants `bytes` may have, now charged; 0 once the allowance is spent. */
  take(bytes: number): number
  /** Bytes asked for so far. */
  taken(): number
  /** Bytes still to be had (Infinity without a budget). */
  left(): number
}

/** One direction's allowance; unlimited when the server names no budget (Cloudflare). */
export function directionAllowance(bytesPerMinute: number | undefined): ByteAllowance {
  const limit =
    bytesPerMinute === undefined ? Number.POSITIVE_INFINITY : Math.floor(bytesPerMinute / (2 * TESTS_PER_MINUTE_BUDGET))
  let taken = 0
  return {
    take(bytes) {
      const size = Math.max(0, Math.min(bytes, limit - taken))
      taken += size
      return size
    },
    taken: () => taken,
    left: () => limit - taken,
  }
}
