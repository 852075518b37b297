import type { ReactNode } from 'react'
import { Navigate, useLocation, useSearchParams } from 'react-router'
import { Card } from '../components/card.tsx'
import { AuthTabs } from '../features/auth/auth-tabs.tsx'
import { RecoveryForm } from '../features/auth/recovery-form.tsx'
import { readRecoveryLink } from '../features/auth/recovery-link.ts'
import { readVerificationLanding } from '../features/auth/verification-link.ts'
import { VerificationNotice } from '../features/auth/verification-notice.tsx'
import { useAuth } from '../lib/auth-state.ts'
import { paths } from '../lib/routes.ts'
import { useDocumentMeta } from '../lib/use-document-meta.ts'

function AuthCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card className="mx-auto max-w-md p-6 sm:p-8">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-1 mb-6 text-sm text-muted-foreground">{description}</p>
      {children}
    </Card>
  )
}

export function AuthPage() {
  useDocumentMeta({ title: 'Sign In | NetToolbox' })
  const { user, loading } = useAuth()
  const location = useLocation()
  const [params] = useSearchParams()
  const recovery = readRecoveryLink(location.search, location.hash)
  const requested = params.get('tab')

  if (recovery) {
    return (
      <AuthCard title="Set your new password" description="Choose a new password for your account.">
        <RecoveryForm token={recovery.token} />
      </AuthCard>
    )
  }
  const verification = readVerificationLanding(location.search)
  if (loading) return <p className="py-24 text-center text-muted-foreground">Loading...</p>
  if (verification && (user || verification.kind === 'failed')) {
    return (
      <AuthCard
        title={verification.kind === 'failed' ? 'Verification link not usable' : 'Email verified'}
        description={user ? `Signed in as ${user.email}` : 'Verify your email address to use your account.'}
      >
        <VerificationNotice landing={verification} signedIn={user !== null} />
      </AuthCard>
    )
  }
  if (user && requested !== 'change-password') return <Navigate to={paths.home} replace />
  return (
    <AuthCard
      title={user ? 'Your Account' : 'Welcome to NetToolbox'}
      description={
        user
          ? `Signed in as ${user.email}`
          : 'Sign in to save your tool results to a private history. Every tool works without an account.'
      }
    >
      {verification && (
        <div className="mb-6">
          <VerificationNotice landing={verification} signedIn={false} />
        </div>
      )}
      <AuthTabs key={user ? 'in' : 'out'} signedIn={user !== null} requested={requested} />
    </AuthCard>
  )
}
