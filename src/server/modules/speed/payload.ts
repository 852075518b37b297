// The download payload: one block of random bytes made once when the server starts, streamed in
// slices as many times as a request asks for. Random so that nothing on the way can compress it.
import { randomFill } from 'node:crypto'
import { Readable } from 'node:stream'

/** Larger than Brotli's largest window, so repeats of the block cannot be found by a compressor. */
export const PAYLOAD_BLOCK_BYTES = 16 * 1024 * 1024
const SLICE_BYTES = 1024 * 1024

export interface PayloadSource {
  /** Resolves once the block is filled. */
  ready(): Promise<Buffer>
}

export function createPayloadSource(size = PAYLOAD_BLOCK_BYTES): PayloadSource {
  const block = new Promise<Buffer>((resolve, reject) => {
    randomFill(Buffer.allocUnsafe(size), (error, filled) => (error ? reject(error) : resolve(filled)))
  })
  // Settled even when nobody is waiting yet; callers of ready() still see a failure.
  block.catch(() => undefined)
  return { ready: () => block }
}

/** A stream of exactly `bytes` bytes, cycling through the block; pushes wait for the reader. */
export function streamPayload(block: Buffer, bytes: number): Readable {
  let remaining = bytes
  let offset = 0
  return new Readable({
    highWaterMark: SLICE_BYTES,
    read() {
      while (remaining > 0) {
        const size = Math.min(SLICE_BYTES, remaining, block.length - offset)
        const slice = block.subarray(offset, offset + size)
        offset = (offset + size) % block.length
        remaining -= size
        if (!this.push(slice)) return
      }
      this.push(null)
    },
  })
}
