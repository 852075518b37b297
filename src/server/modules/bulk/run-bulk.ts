// Runs the inputs of one bulk request a few at a time, in the order given, and reports each row as
// it finishes. Every input is admitted like a single run (its budgets, then a concurrency slot);
// once a rate budget is spent, the inputs left are refused with the same message without drawing on
// it again, so a long list does not push the client's window further out.
import type { BulkRow, BulkSummary } from '../../../shared/bulk.ts'
import { bulkRowStatus } from '../../../shared/bulk.ts'
import type { ToolAnswer } from '../../../shared/tools/tool-answer.ts'
import type { Refusal } from '../limits/refusals.ts'

/** An input checked by the tool's request schema: the body to run, or the tool's own message. */
export type CheckedInput = { ok: true; body: { input: string; options?: unknown } } | { ok: false; message: string }

export type Admission = { admitted: true; release: () => void } | { admitted: false; refusal: Refusal }

export interface BulkJob {
  inputs: readonly CheckedInput[]
  /** The raw inputs, echoed in the rows. */
  raw: readonly string[]
  concurrency: number
  /** Aborted when the client goes away: inputs not started yet are dropped. */
  signal: AbortSignal
  admit(signal: AbortSignal): Promise<Admission>
  run(body: { input: string; options?: unknown }, signal: AbortSignal): Promise<ToolAnswer>
  onRow(row: BulkRow): void
  /** Our own fault in one run (logged; the row says "Internal server error"). */
  onError?(error: unknown): void
}

export async function runBulk(job: BulkJob): Promise<BulkSummary> {
  const summary: BulkSummary = { done: true, total: job.raw.length, ok: 0, failed: 0, refused: 0, invalid: 0 }
  let next = 0
  let spent: Refusal | undefined

  const report = (row: BulkRow) => {
    summary[bulkRowStatus(row)] += 1
    job.onRow(row)
  }

  const one = async (index: number) => {
    const checked = job.inputs[index]
    const input = job.raw[index] ?? ''
    if (!checked) return
    if (!checked.ok) return report({ index, input, error: { type: 'invalid_input', message: checked.message } })
    if (spent) return report({ index, input, error: { type: spent.type, message: spent.message } })
    const admission = await job.admit(job.signal)
    if (!admission.admitted) {
      if (admission.refusal.type === 'rate_limited') spent = admission.refusal
      return report({ index, input, error: { type: admission.refusal.type, message: admission.refusal.message } })
    }
    try {
      report({ index, input, answer: await job.run(checked.body, job.signal) })
    } catch (error) {
      job.onError?.(error)
      report({ index, input, error: { type: 'internal_error', message: 'Internal server error' } })
    } finally {
      admission.release()
    }
  }

  const worker = async () => {
    while (next < job.raw.length && !job.signal.aborted) {
      const index = next
      next += 1
      await one(index)
    }
  }
  const workers = Math.max(1, Math.min(job.concurrency, job.raw.length))
  await Promise.all(Array.from({ length: workers }, worker))
  return summary
}
