// A saved result as its tool shows it in text: each tool's own line renderer, never raw JSON. A
// result whose shape no longer matches its tool (saved by an older version) is shown field by field.
// A measurement from several places reads as the text its writer makes (the side-by-side tables, then
// each location's lines), handed in by the page; without one, field by field too.
import type { z } from 'zod'
import { isStoredMeasurement } from '../../../shared/measurements.ts'
import { findContract } from '../../../shared/tools/contracts.ts'

import { speedTestLines } from '../../../shared/tools/speedtest/lines.ts'
import { speedTestResult } from '../../../shared/tools/speedtest/schema.ts'
import type { StoredMeasurementText } from '../../lib/stored-measurement-text.ts'

interface Renderer {
  schema: z.ZodType
  lines: (result: never) => string[]
}

/** Every tool's renderer is its contract's result schema and lines; the speed test is no tool but is saved too. */
function rendererOf(toolName: string): Renderer | undefined {
  if (toolName === 'speedtest') return { schema: speedTestResult, lines: speedTestLines }
  const contract = findContract(toolName)
  return contract && { schema: contract.result, lines: contract.lines }
}

/** "field: value" lines, nested fields indented: readable whatever the shape. */
export function fieldLines(value: unknown, indent = ''): string[] {
  if (value === null || value === undefined) return [`${indent}–`]
  if (typeof value !== 'object') return [`${indent}${String(value)}`]
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object')) return [`${indent}${value.join(', ') || '–'}`]
    return value.flatMap((v, i) => [`${indent}${i + 1}.`, ...fieldLines(v, `${indent}  `)])
  }
  return Object.entries(value).flatMap(([key, v]) =>
    v !== null && typeof v === 'object' && !(Array.isArray(v) && v.every((x) => typeof x !== 'object'))
      ? [`${indent}${key}:`, ...fieldLines(v, `${indent}  `)]
      : [`${indent}${key}: ${fieldLines(v)[0] ?? ''}`],
  )
}

export function resultLines(
  toolName: string,
  data: unknown,
  measurementText: StoredMeasurementText | null = null,
): string[] {
  if (isStoredMeasurement(data)) return measurementText ? measurementText(data) : fieldLines(data)
  const renderer = rendererOf(toolName)
  if (renderer) {
    const parsed = renderer.schema.safeParse(data)
    if (parsed.success) return renderer.lines(parsed.data as never)
  }
  if (Array.isArray(data) && data.every((line) => typeof line === 'string')) return data
  return fieldLines(data)
}
