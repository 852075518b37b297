// Comparing DNS names: case-insensitive, with or without the final dot; "" and "." are the root.

export function normalizeName(name: string): string {
  return name.toLowerCase().replace(/\.$/, '')
}

/** True when name is zone itself or lies below it. */
export function isWithin(name: string, zone: string): boolean {
  const n = normalizeName(name)
  const z = normalizeName(zone)
  return z === '' || n === z || n.endsWith(`.${z}`)
}

/** "example.test" → "example.test.", root → "." */
export function absoluteName(name: string): string {
  const n = normalizeName(name)
  return n === '' ? '.' : `${n}.`
}
