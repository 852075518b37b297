// Domain names as DNSSEC handles them (RFC 4034 §6): lowercased labels, the canonical wire form
// and the canonical order that NSEC chains follow.

/** A name as its labels, lowercased, leftmost first; the root has none. */
export type Labels = Uint8Array[]

const lower = (c: number) => (c >= 65 && c <= 90 ? c + 32 : c)

/** Labels of a name in presentation form ("www.Example.test.", "\\046x.test"), escapes read. */
export function parseName(text: string): Labels {
  const labels: Labels = []
  let current: number[] = []
  let i = 0
  const trimmed = text === '.' ? '' : text
  while (i < trimmed.length) {
    const c = trimmed.charCodeAt(i)
    if (c === 92) {
      const digits = /^\d{3}/.exec(trimmed.slice(i + 1))
      if (digits) {
        current.push(Number(digits[0]))
        i += 4
      } else {
        current.push(trimmed.charCodeAt(i + 1))
        i += 2
      }
      continue
    }
    if (c === 46) {
      labels.push(Uint8Array.from(current.map(lower)))
      current = []
    } else current.push(c)
    i++
  }
  if (current.length > 0) labels.push(Uint8Array.from(current.map(lower)))
  return labels
}

/** Canonical wire form: lowercased labels with their lengths, ending in the root label. */
export function nameWire(labels: Labels): Buffer {
  return Buffer.concat([...labels.flatMap((l) => [Buffer.from([l.length]), Buffer.from(l)]), Buffer.from([0])])
}

/** Lowercased presentation form with its final dot ("." for the root). */
export function nameText(labels: Labels): string {
  if (labels.length === 0) return '.'
  return `${labels.map((l) => Buffer.from(l).toString('latin1')).join('.')}.`
}

/** The normal form of a name typed or read anywhere: lowercase, final dot. */
export const normalName = (text: string) => nameText(parseName(text))

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b))
}

/** RFC 4034 §6.1: compare label by label from the right, each as lowercase bytes. */
export function compareNames(a: Labels, b: Labels): number {
  for (let i = 1; i <= Math.min(a.length, b.length); i++) {
    const order = compareBytes(a[a.length - i] as Uint8Array, b[b.length - i] as Uint8Array)
    if (order !== 0) return order
  }
  return a.length - b.length
}

/** True when `name` is `zone` or below it. */
export function isAtOrBelow(name: Labels, zone: Labels): boolean {
  if (name.length < zone.length) return false
  return zone.every((l, i) => compareBytes(l, name[name.length - zone.length + i] as Uint8Array) === 0)
}

export const sameName = (a: Labels, b: Labels) => a.length === b.length && isAtOrBelow(a, b)

/** The last `count` labels of a name (its ancestor with that many labels). */
export const ancestor = (name: Labels, count: number): Labels => name.slice(name.length - count)

/** True when `name` falls strictly between `owner` and `next` in an NSEC chain (the last link wraps). */
export function covers(owner: Labels, next: Labels, name: Labels): boolean {
  const afterOwner = compareNames(owner, name) < 0
  const beforeNext = compareNames(name, next) < 0
  if (compareNames(owner, next) < 0) return afterOwner && beforeNext
  return afterOwner || beforeNext
}
