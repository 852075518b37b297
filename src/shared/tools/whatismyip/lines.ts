// What is my IP as text: the address, its name, location and network.
import { attributionLine, locationLines, networkLine } from '../ip-data.ts'
import type { WhatismyipResult } from './schema.ts'

export function whatismyipLines(result: WhatismyipResult): string[] {
  const lines = [`Your IP: ${result.ip}`]
  if (result.reverseName) lines.push(`Reverse name: ${result.reverseName}`)
  if (result.location) lines.push(...locationLines(result.location))
  if (result.network) lines.push(networkLine(result.network))
  for (const note of result.notes) lines.push(`Note: ${note}`)
  if (result.attributions.length > 0) lines.push('', ...result.attributions.map(attributionLine))
  return lines
}
