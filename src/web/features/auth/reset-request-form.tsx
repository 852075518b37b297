import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { Button } from '../../components/button.tsx'
import { authClient, authErrorMessage } from '../../lib/auth-client.ts'
import { AuthField, FormError } from './auth-field.tsx'
import { checkResetRequest } from './auth-validation.ts'

/** Where the mailed reset link finally lands: the recovery form of the auth page. */
const RECOVERY_PATH = '/auth?type=recovery'

export interface ResetRequestFormProps {
  email: string
  onEmailChange(email: string): void
  onBack(): void
}

export function ResetRequestForm({ email, onEmailChange, onBack }: ResetRequestFormProps) {
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const invalid = checkResetRequest(email)
    setProblem(invalid)
    if (invalid) return
    setBusy(true)
    const { error } = await authClient.requestPasswordReset({ email: email.trim(), redirectTo: RECOVERY_PATH })
    setBusy(false)
    if (error) {
      toast.error(`Failed to send reset email: ${authErrorMessage(error)}`)
      return
    }
    toast.success('Password reset email sent! Please check your inbox.')
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <p className="text-sm text-muted-foreground">
        Enter your email address and we will send you a link to set a new password.
      </p>
      <AuthField label="Email" type="email" value={email} onChange={onEmailChange} autoComplete="email" />
      <FormError message={problem} />
      <Button type="submit" className="w-full" disabled={busy} aria-busy={busy}>
        {busy ? 'Sending...' : 'Send Reset Email'}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack}>
        Back to Sign In
      </Button>
    </form>
  )
}
