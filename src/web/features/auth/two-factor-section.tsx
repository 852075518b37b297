// The dashboard's two-factor sign-in: whether it is on, turning it on (two-factor-setup.tsx), and
// turning it off with a current code from the authenticator app or the password.
import { ShieldCheck } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { toast } from 'sonner'
import { readTotpCode } from '../../../shared/auth.ts'
import { Button } from '../../components/button.tsx'
import { ApiError } from '../../lib/api.ts'
import { requestJson } from '../../lib/api-request.ts'
import { authClient } from '../../lib/auth-client.ts'
import { useAuth } from '../../lib/auth-state.ts'
import { AuthField } from './auth-field.tsx'
import { TwoFactorSetup } from './two-factor-setup.tsx'

function TurnOff({ onDone }: { onDone(): void }) {
  const [withPassword, setWithPassword] = useState(false)
  const [value, setValue] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    let body: { code: string } | { password: string }
    if (withPassword) {
      if (!value) return setProblem('Enter your password')
      body = { password: value }
    } else {
      const read = readTotpCode(value)
      if ('problem' in read) return setProblem(read.problem)
      body = { code: read.code }
    }
    setBusy(true)
    try {
      await requestJson('POST', '/api/account/two-factor/disable', body)
      authClient.$store.notify('$sessionSignal')
      toast.success('Two-factor sign-in is off')
      onDone()
    } catch (error) {
      const message = error instanceof ApiError ? error.message : 'Could not turn off two-factor sign-in'
      setProblem(message)
      toast.error(message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} className="mt-4 space-y-3" noValidate aria-label="Turn off two-factor sign-in">
      <AuthField
        key={withPassword ? 'password' : 'code'}
        label={withPassword ? 'Your password' : 'Current code from your app'}
        type={withPassword ? 'password' : 'text'}
        value={value}
        onChange={setValue}
        autoComplete={withPassword ? 'current-password' : 'one-time-code'}
        inputMode={withPassword ? undefined : 'numeric'}
        error={problem}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="outline" disabled={busy} aria-busy={busy}>
          Turn off
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            setWithPassword(!withPassword)
            setValue('')
            setProblem(null)
          }}
        >
          {withPassword ? 'Use a code instead' : 'Use your password instead'}
        </Button>
      </div>
    </form>
  )
}

export function TwoFactorSection() {
  const headingId = useId()
  const { user } = useAuth()
  // Which form is open; kept while the session changes under it (the set-up shows the recovery codes
  // after the session already says two-factor sign-in is on).
  const [open, setOpen] = useState<'setup' | 'off' | null>(null)
  if (!user) return null
  const on = user.twoFactorEnabled
  return (
    <section aria-labelledby={headingId} className="mt-10 border-t border-border pt-8">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        <ShieldCheck aria-hidden="true" className="size-5" />
        Two-factor sign-in
      </h2>
      <p className="mt-1 text-sm text-muted-foreground" data-testid="two-factor-state">
        {on
          ? 'On: signing in asks for a code from your authenticator app (or a recovery code).'
          : 'Off: signing in needs only your password. Turn it on to also ask for a code from an authenticator app.'}
      </p>
      {open === null && (
        <Button className="mt-4" variant={on ? 'outline' : 'primary'} onClick={() => setOpen(on ? 'off' : 'setup')}>
          {on ? 'Turn off two-factor sign-in' : 'Turn on two-factor sign-in'}
        </Button>
      )}
      {open === 'setup' && <TwoFactorSetup email={user.email} onDone={() => setOpen(null)} />}
      {open === 'off' && <TurnOff onDone={() => setOpen(null)} />}
    </section>
  )
}
