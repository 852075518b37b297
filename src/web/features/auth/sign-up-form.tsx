import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { authMessages } from '../../../shared/auth.ts'
import { Button } from '../../components/button.tsx'
import { authClient, authErrorMessage, isAlreadyRegistered } from './auth-client.ts'
import { AuthField, FormError } from './auth-field.tsx'
import { checkSignUp } from './auth-validation.ts'

export interface SignUpFormProps {
  email: string
  onEmailChange(email: string): void
  onSignInInstead(): void
  onResetPassword(): void
}

type Outcome = 'none' | 'created' | 'exists'

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
    if (isAlreadyRegistered(error)) {
      setOutcome('exists')
      toast.error('Account already exists. Please sign in or reset your password.')
      return
    }
    if (error) {
      toast.error(`Sign up failed: ${authErrorMessage(error)}`)
      return
    }
    setPassword('')
    setOutcome('created')
    toast.success('Account created! Please check your email for verification.')
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <AuthField label="Email" type="email" value={email} onChange={onEmailChange} autoComplete="email" />
      <AuthField label="Password" value={password} onChange={setPassword} autoComplete="new-password" />
      <FormError message={problem} />
      {outcome === 'created' && (
        <p role="status" className="rounded-lg bg-accent-soft p-3 text-sm">
          Account created! Please check your email for verification.
        </p>
      )}
      {outcome === 'exists' && (
        <div role="alert" className="space-y-3 rounded-lg border border-border p-3 text-sm">
          <p>{authMessages.alreadyExists}</p>
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
