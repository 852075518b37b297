// How each forward-confirmation verdict is shown.
import type { PtrConfirmation } from '../../../shared/tools/rdns/schema.ts'

export const confirmationLabels: Record<PtrConfirmation, { text: string; className: string }> = {
  confirmed: { text: 'Confirmed', className: 'bg-emerald-900/60 text-emerald-200' },
  mismatch: { text: 'Mismatch', className: 'bg-amber-900/60 text-amber-200' },
  unresolved: { text: 'Does not resolve', className: 'bg-red-900/60 text-red-200' },
}
