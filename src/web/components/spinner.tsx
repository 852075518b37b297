import { LoaderCircle } from 'lucide-react'

export function Spinner({ label, className }: { label?: string; className?: string }) {
  return (
    <span
      role="status"
      className={['inline-flex items-center gap-2 text-muted-foreground', className].filter(Boolean).join(' ')}
    >
      <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
      {label ? <span className="text-sm">{label}</span> : <span className="sr-only">Loading</span>}
    </span>
  )
}
