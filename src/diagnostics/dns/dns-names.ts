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

/**
 * True for a zone below a top-level domain ("example.test", not "test" or the root): its servers are
 * whoever the zone's owner names, so questions to them are sent on the user's behalf and drawn from
 * the per-destination budget. The root and TLD servers are the DNS's own infrastructure.
 */
export function isOwnersZone(zone: string): boolean {
  return normalizeName(zone).split('.').length >= 2
}

/** "example.test" → "example.test.", root → "." */
export function absoluteName(name: string): string {
  const n = normalizeName(name)
  return n === '' ? '.' : `${n}.`
}
