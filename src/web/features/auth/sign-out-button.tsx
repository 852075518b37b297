import { LogOut } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '../../components/button.tsx'
import { paths } from '../../lib/routes.ts'
import { trackSignedOut } from './auth-analytics.ts'

export function SignOutButton() {
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)

  async function signOut() {
    setBusy(true)
    trackSignedOut()
    // The header is on every page's first load; the auth client and the toast code load only when needed.
    const { authClient, authErrorMessage } = await import('../../lib/auth-client.ts')
    const [{ error }, { toast }] = await Promise.all([authClient.signOut(), import('sonner')])
    setBusy(false)
    if (error) {
      toast.error(`Sign out failed: ${authErrorMessage(error)}`)
      return
    }
    toast.success('Signed out successfully')
    navigate(paths.home)
  }

  return (
    <Button variant="outline" size="sm" onClick={signOut} disabled={busy}>
      <LogOut aria-hidden="true" className="hidden sm:block" />
      Sign Out
    </Button>
  )
}
