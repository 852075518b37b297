import { Activity, ClockFading, KeyRound } from 'lucide-react'
import { Link, Navigate } from 'react-router'
import { buttonClass } from '../components/button.tsx'
import { Card } from '../components/card.tsx'
import { ApiTokensSection } from '../features/api-tokens/api-tokens-section.tsx'
import { TwoFactorSection } from '../features/auth/two-factor-section.tsx'
import { useAuth } from '../lib/auth-state.ts'
import { paths } from '../lib/routes.ts'
import { useDocumentMeta } from '../lib/use-document-meta.ts'

const memberSince = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' })

export function DashboardPage() {
  const { user, loading } = useAuth()
  useDocumentMeta({ title: 'Dashboard | NetToolbox' })
  if (loading) return <p className="py-24 text-center text-muted-foreground">Loading...</p>
  if (!user) return <Navigate to={paths.auth} replace />
  return (
    <Card className="mx-auto max-w-2xl p-8">
      <h1 className="text-2xl font-semibold tracking-tight">Dashboard</h1>
      <dl className="mt-6 space-y-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Email</dt>
          <dd className="font-medium break-all">{user.email}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Member since</dt>
          <dd className="font-medium">{memberSince.format(new Date(user.createdAt))}</dd>
        </div>
      </dl>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to={paths.changePassword} className={buttonClass({ variant: 'outline' })}>
          <KeyRound aria-hidden="true" />
          Change Password
        </Link>
        <Link to={paths.history} className={buttonClass()}>
          <ClockFading aria-hidden="true" />
          View Tool History
        </Link>
        <Link to={paths.monitors} className={buttonClass({ variant: 'outline' })}>
          <Activity aria-hidden="true" />
          Monitors
        </Link>
      </div>
      <TwoFactorSection />
      <ApiTokensSection />
    </Card>
  )
}
