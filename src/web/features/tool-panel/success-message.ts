// The toast of a finished tool run (docs/product.md): "{tool} completed successfully", and the product's own
// wording for What Is My IP; a run that finished with failed checks says so instead of "successfully".
import type { CatalogueEntry } from '../../../shared/catalogue.ts'
import type { ToolAnswer } from '../../../shared/tools/common.ts'
import { mailResult, summarizeMailChecks } from '../../../shared/tools/mail.ts'

const ownMessages: Readonly<Record<string, string>> = {
  whatismyip: 'IP lookup completed successfully',
}

export function successMessage(entry: Pick<CatalogueEntry, 'id' | 'name'>): string {
  return ownMessages[entry.id] ?? `${entry.name} completed successfully`
}

/** What the toast of a finished run says, and whether it is a success or a warning. */
export function runToast(
  entry: Pick<CatalogueEntry, 'id' | 'name'>,
  answer: Pick<ToolAnswer, 'result'>,
): { kind: 'success' | 'warning'; text: string } {
  if (entry.id === 'mail') {
    const parsed = mailResult.safeParse(answer.result)
    if (parsed.success) {
      const { failed } = summarizeMailChecks(parsed.data.checks)
      if (failed > 0) {
        return { kind: 'warning', text: `${entry.name} finished: ${failed} check${failed === 1 ? '' : 's'} failed` }
      }
    }
  }
  return { kind: 'success', text: successMessage(entry) }
}
