import { ExternalLink as ExternalIcon } from 'lucide-react'
import type { AnchorHTMLAttributes } from 'react'

/** A link that opens another site in a new tab, marked as such for every reader. */
export function ExternalLink({ children, ...props }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <ExternalIcon aria-hidden="true" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  )
}
