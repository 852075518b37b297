// "You are 3rd in line (about 20 s)": what a run waiting for a free slot shows instead of "Running...".

import type { QueuePlace } from '../../shared/tool-stream.ts'

export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th')
  return `${n}${suffix}`
}

function roughly(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000))
  if (seconds < 60) return `about ${seconds} s`
  return `about ${Math.round(seconds / 60)} min`
}

export function describeQueuePlace(place: QueuePlace): string {
  const where = place.position === 1 ? 'You are next in line' : `You are ${ordinal(place.position)} in line`
  return `${where} (${roughly(place.estimatedWaitMs)})`
}
