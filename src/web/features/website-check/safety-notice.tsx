import { ShieldAlert } from 'lucide-react'

/** The product's safety warning shown with the website check. */
export function SafetyNotice() {
  return (
    <p className="flex items-start gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-foreground">
      <ShieldAlert className="mt-0.5 size-4 shrink-0 text-amber-500" aria-hidden="true" />
      <span>
        Our server fetches the site for you; your browser does not contact it. "Visit Website" opens it in a new tab:
        only visit sites you trust, as a site that is up is not necessarily safe.
      </span>
    </p>
  )
}
