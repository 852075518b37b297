// The hop table: Received headers oldest first (each server adds its own on top), with the delay from
// the previous hop that has a time and the total from the first timed hop to the last.
import type { Hop } from '../../shared/tools/mail-headers/schema.ts'
import type { HeaderField } from './header-fields.ts'
import { parseReceived } from './received.ts'

export interface HopTable {
  hops: Hop[]
  totalSeconds?: number
}

export function buildHops(fields: readonly HeaderField[]): HopTable {
  const received = fields.filter((f) => f.name === 'received').reverse()
  let previous: number | undefined
  let first: number | undefined
  const hops = received.map((field, index): Hop => {
    const { time, ...clauses } = parseReceived(field.value)
    const delaySeconds = time !== undefined && previous !== undefined ? Math.round((time - previous) / 1000) : undefined
    if (time !== undefined) {
      previous = time
      first ??= time
    }
    return {
      number: index + 1,
      ...clauses,
      time: time !== undefined ? new Date(time).toISOString() : undefined,
      delaySeconds,
      raw: field.value,
    }
  })
  const totalSeconds = first !== undefined && previous !== undefined ? Math.round((previous - first) / 1000) : undefined
  return { hops, totalSeconds: hops.length > 1 ? totalSeconds : undefined }
}
