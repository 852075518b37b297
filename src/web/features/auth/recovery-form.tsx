import { type FormEvent, useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { Button } from '../../components/button.tsx'
import { authClient, authErrorMessage } from '../../lib/auth-client.ts'
import { paths } from '../../lib/routes.ts'
import { AuthField, FormError } from './auth-field.tsx'
import { checkRecoveryPassword } from './auth-validation.ts'

/** "Set your new password": the end of a password-recovery link. Not tracked in analytics. */
export function RecoveryForm({ token }: { token: string | null }) {
  const navigate = useNavigate()
  const { refetch } = authClient.useSession()
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (token) toast.info('Please set your new password below.', { id: 'recovery' })
  }, [token])

  if (!token) {
    return (
      <div className="space-y-4">
        <p role="alert" className="text-sm">
          This password reset link is invalid, was already used, or has expired. Please request a new one.
        </p>
        <Button variant="outline" className="w-full" onClick={() => navigate(paths.auth, { replace: true })}>
          Back to Sign In
        </Button>
      </div>
    )
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const invalid = checkRecoveryPassword(password, confirm)
    setProblem(invalid)
    if (invalid || !token) return
    setBusy(true)
    const { error } = await authClient.resetPassword({ newPassword: password, token })
    if (error) {
      setBusy(false)
      toast.error(`Failed to update password: ${authErrorMessage(error)}`)
      return
    }
    await refetch()
    toast.success('Password updated successfully! You are now logged in.')
    navigate(paths.home, { replace: true })
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <AuthField label="New Password" value={password} onChange={setPassword} autoComplete="new-password" />
      <AuthField label="Confirm Password" value={confirm} onChange={setConfirm} autoComplete="new-password" />
      <FormError message={problem} />
      <Button type="submit" className="w-full" disabled={busy} aria-busy={busy}>
        {busy ? 'Updating...' : 'Update Password'}
      </Button>
    </form>
  )
}
