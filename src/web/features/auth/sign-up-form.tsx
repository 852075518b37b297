import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { authMessages } from '../../../shared/auth.ts'
import { Button } from '../../components/button.tsx'
import { authClient, authErrorMessage } from '../../lib/auth-client.ts'
import { AuthField, FormError } from './auth-field.tsx'
import { checkSignUp } from './auth-validation.ts'

export interface SignUpFormProps {
  email: string
  onEmailChange(email: string): void
  onSignInInstead(): void
  onResetPassword(): void
}

type Outcome = 'none' | 'sent'

export function SignUpForm({ email, onEmailChange, onSignInInstead, onResetPassword }: SignUpFormProps) {
  const [password, setPassword] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<Outcome>('none')
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const invalid = checkSignUp(email, password)
    setProblem(invalid)
    setOutcome('none')
    if (invalid) return
    setBusy(true)
    const { error } = await authClient.signUp.email({ email: email.trim(), password, name: '', callbackURL: '/' })
    setBusy(false)
    if (error) {
      toast.error(`Sign up failed: ${authErrorMessage(error)}`)
      return
    }
    setPassword('')
    // The same answer whether or not the address already has an account: the mail tells which.
    setOutcome('sent')
    toast.success(authMessages.signUpSent)
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <AuthField label="Email" type="email" value={email} onChange={onEmailChange} autoComplete="email" />
      <AuthField label="Password" value={password} onChange={setPassword} autoComplete="new-password" />
      <FormError message={problem} />
      {outcome === 'sent' && (
        <div role="status" className="space-y-3 rounded-lg bg-accent-soft p-3 text-sm">
          <p>{authMessages.signUpSent}</p>
          <p>{authMessages.signUpExistingHint}</p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={onSignInInstead}>
              Sign In Instead
            </Button>
            <Button size="sm" variant="outline" onClick={onResetPassword}>
              Reset Password
            </Button>
          </div>
        </div>
      )}
      <Button type="submit" className="w-full" disabled={busy} aria-busy={busy}>
        {busy ? 'Creating account...' : 'Sign Up'}
      </Button>
    </form>
  )
}
