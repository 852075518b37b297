// The success toast of a tool run (docs/product.md): "{tool} completed successfully", and the product's own
// wording for What Is My IP.
import type { CatalogueEntry } from '../../../shared/catalogue.ts'

const ownMessages: Readonly<Record<string, string>> = {
  whatismyip: 'IP lookup completed successfully',
}

export function successMessage(entry: Pick<CatalogueEntry, 'id' | 'name'>): string {
  return ownMessages[entry.id] ?? `${entry.name} completed successfully`
}
