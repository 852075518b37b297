import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { Button } from '../../components/button.tsx'
import { authClient, authErrorMessage } from '../../lib/auth-client.ts'
import { paths } from '../../lib/routes.ts'
import { trackSignedIn } from './auth-analytics.ts'
import { AuthField } from './auth-field.tsx'
import { type SignInField, signInProblem } from './auth-validation.ts'
import { TwoFactorStep } from './two-factor-step.tsx'

export interface SignInFormProps {
  email: string
  onEmailChange(email: string): void
  onForgotPassword(): void
}

type Problem = { field: SignInField; message: string } | null

/** better-auth's sign-in failures, placed on the field they concern. */
function problemOf(error: { code?: string; message?: string; statusText?: string }): NonNullable<Problem> {
  if (error.code === 'EMAIL_NOT_VERIFIED')
    return { field: 'email', message: 'Email not verified. We sent you a new verification link.' }
  return { field: 'password', message: authErrorMessage(error) }
}

export function SignInForm({ email, onEmailChange, onForgotPassword }: SignInFormProps) {
  const navigate = useNavigate()
  const [password, setPassword] = useState('')
  const [problem, setProblem] = useState<Problem>(null)
  const [busy, setBusy] = useState(false)
  const [secondStep, setSecondStep] = useState(false)

  function signedIn() {
    toast.success('Signed in successfully!')
    trackSignedIn()
    navigate(paths.home)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const invalid = signInProblem(email, password)
    setProblem(invalid)
    if (invalid) return
    setBusy(true)
    const { data, error } = await authClient.signIn.email({ email: email.trim(), password })
    setBusy(false)
    if (error) {
      const found = problemOf(error)
      setProblem(found)
      toast.error(`Sign in failed: ${found.message}`)
      return
    }
    if (data && 'twoFactorRedirect' in data && data.twoFactorRedirect) {
      setSecondStep(true)
      return
    }
    signedIn()
  }

  if (secondStep) {
    return (
      <TwoFactorStep
        onSignedIn={signedIn}
        onRestart={(message) => {
          setSecondStep(false)
          setPassword('')
          setProblem({ field: 'password', message })
        }}
      />
    )
  }

  const errorOf = (field: SignInField) => (problem?.field === field ? problem.message : null)
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <AuthField
        label="Email"
        type="email"
        value={email}
        onChange={onEmailChange}
        autoComplete="email"
        error={errorOf('email')}
      />
      <AuthField
        label="Password"
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
        error={errorOf('password')}
      />
      <Button type="submit" className="w-full" disabled={busy} aria-busy={busy}>
        {busy ? 'Signing in...' : 'Sign In'}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onForgotPassword}>
        Forgot your password?
      </Button>
    </form>
  )
}
