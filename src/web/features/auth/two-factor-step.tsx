// The second step of a sign-in with two-factor sign-in on: the 6-digit code of the authenticator
// app, or one of the recovery codes (each works once). Problems are shown beside the field; the
// toast repeats them.
import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { readTotpCode, twoFactorMessages } from '../../../shared/auth.ts'
import { Button } from '../../components/button.tsx'
import { authClient } from '../../lib/auth-client.ts'
import { AuthField } from './auth-field.tsx'
import { codeProblemOf } from './two-factor-errors.ts'

export interface TwoFactorStepProps {
  onSignedIn(): void
  /** The challenge is gone: the sign-in starts again from the password, saying why. */
  onRestart(message: string): void
}

export function TwoFactorStep({ onSignedIn, onRestart }: TwoFactorStepProps) {
  const [recovery, setRecovery] = useState(false)
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    let value = code.trim()
    if (recovery) {
      if (!value) return setProblem(twoFactorMessages.recoveryCodeRequired)
    } else {
      const read = readTotpCode(code)
      if ('problem' in read) return setProblem(read.problem)
      value = read.code
    }
    setProblem(null)
    setBusy(true)
    const { error } = recovery
      ? await authClient.twoFactor.verifyBackupCode({ code: value })
      : await authClient.twoFactor.verifyTotp({ code: value })
    setBusy(false)
    if (!error) return onSignedIn()
    const found = codeProblemOf(error, recovery)
    toast.error(`Sign in failed: ${found.message}`)
    if (found.restart) return onRestart(found.message)
    setProblem(found.message)
  }

  function switchKind() {
    setRecovery(!recovery)
    setCode('')
    setProblem(null)
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate aria-label="Two-factor sign-in">
      <p className="text-sm text-muted-foreground">
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each code works once.'
          : 'Two-factor sign-in is on for this account. Enter the 6-digit code your authenticator app shows now.'}
      </p>
      <AuthField
        key={recovery ? 'recovery' : 'code'}
        label={recovery ? 'Recovery code' : 'Authentication code'}
        type="text"
        value={code}
        onChange={setCode}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        inputMode={recovery ? 'text' : 'numeric'}
        error={problem}
        autoFocus
      />
      <Button type="submit" className="w-full" disabled={busy} aria-busy={busy}>
        {busy ? 'Verifying...' : 'Verify'}
      </Button>
      <Button variant="ghost" className="w-full" onClick={switchKind}>
        {recovery ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
      </Button>
    </form>
  )
}
