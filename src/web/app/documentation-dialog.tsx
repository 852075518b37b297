import { BookOpen } from 'lucide-react'
import { buttonClass } from '../components/button.tsx'
import { paths } from '../lib/routes.ts'

/**
 * The header's Documentation button: the API reference page, which the server serves on its own
 * (a full page load, not a route of this app).
 */
export function DocumentationDialog() {
  return (
    <a href={paths.apiReference} className={buttonClass({ variant: 'ghost', size: 'nav' })}>
      <BookOpen aria-hidden="true" />
      <span className="sr-only md:not-sr-only">Documentation</span>
    </a>
  )
}
