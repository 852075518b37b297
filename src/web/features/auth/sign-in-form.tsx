import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { Button } from '../../components/button.tsx'
import { paths } from '../../lib/routes.ts'
import { trackSignedIn } from './auth-analytics.ts'
import { authClient, authErrorMessage } from './auth-client.ts'
import { AuthField, FormError } from './auth-field.tsx'
import { checkSignIn } from './auth-validation.ts'

export interface SignInFormProps {
  email: string
  onEmailChange(email: string): void
  onForgotPassword(): void
}

export function SignInForm({ email, onEmailChange, onForgotPassword }: SignInFormProps) {
  const navigate = useNavigate()
  const [password, setPassword] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const invalid = checkSignIn(email, password)
    setProblem(invalid)
    if (invalid) return
    setBusy(true)
    const { error } = await authClient.signIn.email({ email: email.trim(), password })
    setBusy(false)
    if (error) {
      const message =
        error.code === 'EMAIL_NOT_VERIFIED'
          ? 'Email not verified. We sent you a new verification link.'
          : authErrorMessage(error)
      toast.error(`Sign in failed: ${message}`)
      return
    }
    toast.success('Signed in successfully!')
    trackSignedIn()
    navigate(paths.home)
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <AuthField label="Email" type="email" value={email} onChange={onEmailChange} autoComplete="email" />
      <AuthField label="Password" value={password} onChange={setPassword} autoComplete="current-password" />
      <FormError message={problem} />
      <Button type="submit" className="w-full" disabled={busy} aria-busy={busy}>
        {busy ? 'Signing in...' : 'Sign In'}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onForgotPassword}>
        Forgot your password?
      </Button>
    </form>
  )
}
