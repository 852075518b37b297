// Every input of a bulk request through the tool's own request schema, with the options chosen for the
// batch (src/shared/bulk-options.ts): a bad input is its own row, a bad option refuses the whole batch.
import type { AnyDiagnostic } from '../../../diagnostics/registry.ts'
import { planBulkOptions, withBatchPort } from '../../../shared/bulk-options.ts'
import type { BulkToolId } from '../../../shared/bulk-tools.ts'
import type { CheckedInput } from './run-bulk.ts'

export type CheckedBatch = { inputs: CheckedInput[] } | { optionsError: string }

type Body = { input: string; options?: unknown }

function checkOne(diagnostic: AnyDiagnostic, input: string, options: unknown): CheckedInput | { optionsError: string } {
  const parsed = diagnostic.request.safeParse(options === undefined ? { input } : { input, options })
  if (parsed.success) return { ok: true, body: parsed.data as Body }
  const issue = parsed.error.issues[0]
  if (issue?.path[0] === 'options') return { optionsError: issue.message }
  return { ok: false, message: issue?.message ?? 'Invalid input' }
}

export function checkBulkInputs(
  tool: BulkToolId,
  diagnostic: AnyDiagnostic,
  inputs: readonly string[],
  options: unknown,
): CheckedBatch {
  const plan = planBulkOptions(tool, options)
  if (!plan.ok) return { optionsError: plan.message }
  const checked: CheckedInput[] = []
  for (const input of inputs) {
    let one = checkOne(diagnostic, input, plan.toolOptions)
    // The batch's port goes into the input as the tool reads it, then the input is checked again.
    if ('ok' in one && one.ok && plan.port !== undefined) {
      const ported = withBatchPort(one.body.input, plan.port)
      if (ported !== one.body.input) one = checkOne(diagnostic, ported, plan.toolOptions)
    }
    if ('optionsError' in one) return one
    checked.push(one)
  }
  return { inputs: checked }
}
