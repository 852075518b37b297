import { ArrowUpRight } from 'lucide-react'
import { Link } from 'react-router'
import { ToolIcon } from '../../catalogue/tool-icon.tsx'

export interface ToolCardProps {
  id: string
  name: string
  description: string
  /** The entry's own page; absent for cards without one (history). */
  href?: string
  selected: boolean
  onSelect: () => void
}

export function ToolCard({ id, name, description, href, selected, onSelect }: ToolCardProps) {
  const frame = selected
    ? 'border-accent bg-accent-soft ring-1 ring-accent'
    : 'border-border bg-card hover:border-input hover:shadow-md'
  return (
    <li className={`group relative flex h-full flex-col rounded-xl border p-3 transition sm:p-4 ${frame}`}>
      <button
        type="button"
        onClick={onSelect}
        aria-pressed={selected}
        className="focus-ring flex flex-1 flex-col items-start gap-2 rounded-lg text-left after:absolute after:inset-0 after:rounded-xl after:content-['']"
      >
        <span
          className={`grid size-9 place-items-center rounded-lg ${selected ? 'bg-card text-accent' : 'bg-muted text-foreground'}`}
        >
          <ToolIcon id={id} className="size-[18px]" />
        </span>
        <span className="text-sm font-semibold leading-tight">{name}</span>
        <span className="line-clamp-2 text-xs text-muted-foreground">{description}</span>
      </button>
      {href && (
        <Link
          to={href}
          className="focus-ring relative z-10 mt-3 inline-flex items-center gap-1 self-start rounded text-xs font-medium text-accent underline-offset-4 hover:underline"
        >
          Open in new page
          <span className="sr-only">: {name}</span>
          <ArrowUpRight className="size-3.5" aria-hidden="true" />
        </Link>
      )}
    </li>
  )
}
