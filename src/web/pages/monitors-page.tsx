// /monitors (the list and the new-monitor form) and /monitors/:id (one monitor), for signed-in
// accounts; a visitor learns that monitors need an account.
import type { ReactNode } from 'react'
import { useParams } from 'react-router'
import { Card } from '../components/card.tsx'
import { MonitorDetail } from '../features/monitors/monitor-detail.tsx'
import { MonitorsScreen } from '../features/monitors/monitors-screen.tsx'
import { NeedsAccount } from '../features/monitors/needs-account.tsx'
import { useAuth } from '../lib/auth-state.ts'

function SignedInOnly({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth()
  if (loading) return <p className="py-24 text-center text-muted-foreground">Loading...</p>
  if (!user)
    return (
      <Card className="mx-auto max-w-2xl space-y-4 p-8">
        <h1 className="text-2xl font-semibold tracking-tight">Monitors</h1>
        <NeedsAccount what="the checks you choose" />
      </Card>
    )
  return children
}

export function MonitorsPage() {
  return (
    <SignedInOnly>
      <MonitorsScreen />
    </SignedInOnly>
  )
}

export function MonitorPage() {
  const { id = '' } = useParams()
  return (
    <SignedInOnly>
      <MonitorDetail key={id} id={id} />
    </SignedInOnly>
  )
}
