// A row's result read with its tool's schema, once per answer: the tables ask for it cell by cell.
import type { z } from 'zod'
import type { MeasurementRow } from '../../../shared/measurements.ts'

const cache = new WeakMap<object, WeakMap<z.ZodType, unknown>>()

/** The row's result when the answer is there and matches the schema; undefined otherwise. */
export function parsedResult<T>(schema: z.ZodType<T>, row: MeasurementRow | undefined): T | undefined {
  const answer = row?.result
  if (!answer || answer.result === null || answer.result === undefined) return undefined
  let bySchema = cache.get(answer)
  if (!bySchema) {
    bySchema = new WeakMap()
    cache.set(answer, bySchema)
  }
  if (!bySchema.has(schema)) {
    const parsed = schema.safeParse(answer.result)
    bySchema.set(schema, parsed.success ? parsed.data : undefined)
  }
  return bySchema.get(schema) as T | undefined
}
