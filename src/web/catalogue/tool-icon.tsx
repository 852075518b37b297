import { ClockFading, type LucideIcon, Wrench } from 'lucide-react'
import { isCatalogueId } from '../../shared/catalogue.ts'
import { manifestOf } from './feature-manifests.tsx'

/** Cards that are not catalogue entries. */
const otherIcons: Readonly<Record<string, LucideIcon>> = { history: ClockFading }

/** The icon of a catalogue entry (from its manifest) or of another card such as History. */
export function ToolIcon({ id, className = 'size-5' }: { id: string; className?: string }) {
  const Icon = isCatalogueId(id) ? manifestOf(id).icon : (otherIcons[id] ?? Wrench)
  return <Icon className={className} aria-hidden="true" />
}
