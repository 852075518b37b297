// Colours of the product's abuse risk levels: `badge` inside the dark output box, `legend` on the page.
import type { RiskLevel } from '../../../shared/tools/abuse/schema.ts'

export const RISK_STYLES: Record<RiskLevel, { badge: string; legend: string; bar: string }> = {
  clean: {
    badge: 'bg-emerald-500/15 text-emerald-300 ring-1 ring-emerald-500/40',
    legend: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-200',
    bar: 'bg-emerald-400',
  },
  low: {
    badge: 'bg-lime-500/15 text-lime-200 ring-1 ring-lime-500/40',
    legend: 'bg-lime-500/15 text-lime-800 dark:text-lime-200',
    bar: 'bg-lime-400',
  },
  medium: {
    badge: 'bg-amber-500/15 text-amber-200 ring-1 ring-amber-500/40',
    legend: 'bg-amber-500/15 text-amber-800 dark:text-amber-200',
    bar: 'bg-amber-400',
  },
  high: {
    badge: 'bg-red-500/15 text-red-300 ring-1 ring-red-500/40',
    legend: 'bg-red-500/15 text-red-800 dark:text-red-200',
    bar: 'bg-red-500',
  },
}
