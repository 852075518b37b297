import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { Button } from '../../components/button.tsx'
import { authClient, authErrorMessage } from '../../lib/auth-client.ts'
import { useAuth } from '../../lib/auth-state.ts'
import { paths } from '../../lib/routes.ts'
import { AuthField, FormError } from './auth-field.tsx'
import { checkChangePassword } from './auth-validation.ts'

export function ChangePasswordForm() {
  const navigate = useNavigate()
  const { user } = useAuth()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [confirm, setConfirm] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const invalid = checkChangePassword(user?.email, current, next, confirm)
    setProblem(invalid)
    if (invalid) return
    setBusy(true)
    const { error } = await authClient.changePassword({
      currentPassword: current,
      newPassword: next,
      revokeOtherSessions: true,
    })
    setBusy(false)
    if (error) {
      toast.error(`Failed to change password: ${authErrorMessage(error)}`)
      return
    }
    setCurrent('')
    setNext('')
    setConfirm('')
    toast.success('Password changed successfully!')
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <AuthField label="Current Password" value={current} onChange={setCurrent} autoComplete="current-password" />
      <AuthField label="New Password" value={next} onChange={setNext} autoComplete="new-password" />
      <AuthField label="Confirm New Password" value={confirm} onChange={setConfirm} autoComplete="new-password" />
      <FormError message={problem} />
      <Button type="submit" className="w-full" disabled={busy} aria-busy={busy}>
        {busy ? 'Changing...' : 'Change Password'}
      </Button>
      <Button variant="ghost" className="w-full" onClick={() => navigate(paths.home)}>
        Back to Home
      </Button>
    </form>
  )
}
