// The fields of one catalogue entry (docs/product.md): what every entry declares, and the helpers a
// tool's own entry (src/shared/tools/<id>/entry.ts) is written with. No zod here: the first page
// reads the catalogue.
export type CatalogueKind = 'tool' | 'speed' | 'embed' | 'link' | 'phone' | 'registrar'

export interface CatalogueFields {
  id: string
  /** Route of the tool's own page, without the leading slash. */
  route: string
  name: string
  description: string
  kind: CatalogueKind
  /** Panel input label and submit button, for tools that take input (docs/product.md, Tool panels). */
  label?: string
  button?: string
  /** External address for embed and link-out entries. */
  url?: string
  seo: { title: string; description: string; keywords: string }
}

/** An entry's SEO head: its title with the site's name, its description and keywords. */
export function seo(title: string, description: string, keywords: string) {
  return { title: `${title} | NetToolbox`, description, keywords }
}

/**
 * A tool's catalogue entry, its literal types kept so that the tool list's ids are the entries' own
 * (`ToolId` in src/shared/tools/entries.ts). A tool with input has a `label`; one without has none.
 */
export function defineToolEntry<const E extends Omit<CatalogueFields, 'kind' | 'url'>>(entry: E): E & { kind: 'tool' } {
  return { ...entry, kind: 'tool' }
}
