// The home page's tool search: name or description, case-insensitive.
export interface Searchable {
  name: string
  description: string
}

export function filterByQuery<T extends Searchable>(entries: readonly T[], query: string): T[] {
  const needle = query.trim().toLowerCase()
  if (needle === '') return [...entries]
  return entries.filter(
    (entry) => entry.name.toLowerCase().includes(needle) || entry.description.toLowerCase().includes(needle),
  )
}
