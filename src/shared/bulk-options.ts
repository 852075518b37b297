// The options of a bulk run, chosen once for the whole batch. They are the tool's own request options
// (checked by the tool's request schema, as a single run's are), except where a single run writes the
// choice into its input: the SSL check's port, which a batch sets once for the inputs written without
// one ("shop.test" with port 8443 is checked as "shop.test:8443"; "shop.test:993" keeps its own).
import { z } from 'zod'
import type { BulkToolId } from './bulk-tools.ts'

export const bulkPortMessage = 'Port must be 1 to 65535'

export const sslBulkOptions = z.strictObject({
  port: z.number(bulkPortMessage).int(bulkPortMessage).min(1, bulkPortMessage).max(65_535, bulkPortMessage).optional(),
})

/** The tool's own options, and what the batch writes into each input. */
export type BulkOptionsPlan = { ok: true; toolOptions: unknown; port?: number } | { ok: false; message: string }

export function planBulkOptions(tool: BulkToolId, options: unknown): BulkOptionsPlan {
  if (tool !== 'ssl') return { ok: true, toolOptions: options }
  const parsed = sslBulkOptions.safeParse(options ?? {})
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? bulkPortMessage }
  return { ok: true, toolOptions: undefined, port: parsed.data.port }
}

/** "shop.test" → "shop.test:8443"; an input with its own port, or no batch port, is kept. */
export function withBatchPort(input: string, port: number | undefined): string {
  if (port === undefined || /:\d{1,5}$/.test(input)) return input
  return `${input}:${port}`
}
