import type { Attribution } from '../../shared/tools/ip-data.ts'
import { ExternalLink } from './external-link.tsx'

/** The credits the data licences ask for, each a link to its source. */
export function DataAttributions({ items }: { items: readonly Attribution[] }) {
  if (items.length === 0) return null
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 font-sans text-xs text-zinc-400">
      {items.map((item) => (
        <span key={item.url}>
          <ExternalLink
            href={item.url}
            className="inline-flex items-center gap-1 underline underline-offset-2 hover:text-zinc-200 [&>svg]:size-3"
          >
            {item.text}
          </ExternalLink>{' '}
          ({item.licence})
        </span>
      ))}
    </p>
  )
}
