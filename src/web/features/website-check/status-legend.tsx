/** The product's legend: green means the site answered 2xx/3xx, red means it did not. */
export function StatusLegend() {
  return (
    <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground" aria-label="Status legend">
      <li className="flex items-center gap-2">
        <span className="size-3 rounded-full bg-emerald-500" aria-hidden="true" />
        Up: the site answered with 2xx or 3xx
      </li>
      <li className="flex items-center gap-2">
        <span className="size-3 rounded-full bg-red-500" aria-hidden="true" />
        Down: an error status, a timeout or no connection
      </li>
    </ul>
  )
}
