// The usual URL mapping of a tool's option controls: each control under a query parameter of its own,
// read back with the type of its default (a number, "1" for a checked box, or text).
import type { OptionsQuery } from '../lib/tool-parts.tsx'

type Controls = Record<string, string | number | boolean>

export function urlOptions<C extends { [K in keyof C]: string | number | boolean }>(
  defaults: C,
  names: { [K in keyof C]?: string },
): OptionsQuery<C> {
  const mapped = Object.entries(names) as [keyof C & string, string][]
  return {
    read(params) {
      const controls: Controls = { ...(defaults as Controls) }
      for (const [key, name] of mapped) {
        const raw = params.get(name)
        if (raw === null) continue
        const fallback: unknown = defaults[key]
        // A number that does not parse is kept as NaN, so that the tool's own check names the problem.
        controls[key] =
          typeof fallback === 'number'
            ? Number(raw)
            : typeof fallback === 'boolean'
              ? raw === '1' || raw === 'true'
              : raw
      }
      return controls as C
    },
    write(controls) {
      const pairs: [string, string][] = []
      for (const [key, name] of mapped) {
        const value: unknown = controls[key]
        if (value === defaults[key]) continue
        pairs.push([name, typeof value === 'boolean' ? (value ? '1' : '0') : String(value)])
      }
      return pairs
    },
  }
}
