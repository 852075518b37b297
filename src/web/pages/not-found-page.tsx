import { House } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link, useLocation } from 'react-router'
import { buttonClass } from '../components/button.tsx'
import { sendEvent } from '../lib/events.ts'
import { paths } from '../lib/routes.ts'

export function NotFoundPage() {
  const { pathname } = useLocation()
  const logged = useRef<string | null>(null)

  useEffect(() => {
    if (logged.current === pathname) return
    logged.current = pathname
    sendEvent('page_not_found', { path: pathname })
  }, [pathname])

  return (
    <div className="flex flex-col items-center py-24 text-center">
      <p className="font-mono text-sm font-medium text-muted-foreground">404</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight sm:text-4xl">Oops! Page not found</h1>
      <p className="mt-3 max-w-md text-muted-foreground">
        There is nothing at <span className="font-mono break-all text-foreground">{pathname}</span>.
      </p>
      <Link to={paths.home} className={buttonClass({ className: 'mt-8' })}>
        <House aria-hidden="true" />
        Return to Home
      </Link>
    </div>
  )
}
