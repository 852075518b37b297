import type { LucideIcon } from 'lucide-react'
import type { CatalogueEntry } from '../../shared/catalogue.ts'

/** Props of every catalogue panel: on the home page ("home") or on the entry's own page ("page", h1 title). */
export interface PanelProps {
  entry: CatalogueEntry
  variant: 'home' | 'page'
  /** The entry's icon, from its manifest. */
  icon: LucideIcon
}

export function titleLevel(variant: PanelProps['variant']): 'h1' | 'h2' {
  return variant === 'page' ? 'h1' : 'h2'
}
