import { Activity, LayoutDashboard, LogIn, Sparkles } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClass } from '../components/button.tsx'
import { SignOutButton } from '../features/auth/sign-out-button.tsx'
import { useAuth } from '../lib/auth-state.ts'
import { paths } from '../lib/routes.ts'

export function HeaderAuth() {
  const { user, loading } = useAuth()
  if (loading) return null
  if (user) {
    return (
      <>
        <Link to={paths.dashboard} className={buttonClass({ variant: 'ghost', size: 'nav' })}>
          <LayoutDashboard aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Dashboard</span>
        </Link>
        {/* On phones Monitors is reached from the dashboard, so the header keeps to one line. */}
        <span className="hidden sm:contents">
          <Link to={paths.monitors} className={buttonClass({ variant: 'ghost', size: 'nav' })}>
            <Activity aria-hidden="true" />
            Monitors
          </Link>
        </span>
        <SignOutButton />
      </>
    )
  }
  return (
    <>
      <Link to={paths.benefits} className={buttonClass({ variant: 'ghost', size: 'nav' })}>
        <Sparkles aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Benefits</span>
      </Link>
      <Link to={paths.auth} className={buttonClass({ size: 'sm' })}>
        <LogIn aria-hidden="true" className="hidden sm:block" />
        Sign In
      </Link>
    </>
  )
}
