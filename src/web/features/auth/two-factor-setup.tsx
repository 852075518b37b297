// Turning two-factor sign-in on: the password, then the otpauth:// link and its secret as text (the
// site has no QR code library: authenticator apps take the link or the typed secret), then the first
// code from the app, which switches it on and shows the recovery codes once (Download, Copy).
import { Copy, Download } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { readTotpCode } from '../../../shared/auth.ts'
import { Button } from '../../components/button.tsx'
import { authClient, authErrorMessage } from '../../lib/auth-client.ts'
import { copyToClipboard } from '../../lib/result-export.ts'
import { AuthField } from './auth-field.tsx'
import { recoveryCodesText, secretOfUri } from './recovery-codes.ts'
import { codeProblemOf } from './two-factor-errors.ts'

type Stage =
  | { kind: 'password' }
  | { kind: 'confirm'; uri: string; codes: string[] }
  | { kind: 'codes'; codes: string[] }

async function copy(text: string, what: string) {
  try {
    await copyToClipboard(text)
    toast.success(`${what} copied to clipboard`)
  } catch {
    toast.error('Could not copy to the clipboard')
  }
}

function download(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = 'nettoolbox-recovery-codes.txt'
  link.click()
  URL.revokeObjectURL(url)
}

export function TwoFactorSetup({ email, onDone }: { email: string; onDone(): void }) {
  const [stage, setStage] = useState<Stage>({ kind: 'password' })
  const [value, setValue] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function start(event: FormEvent) {
    event.preventDefault()
    if (!value) return setProblem('Enter your password')
    setBusy(true)
    const { data, error } = await authClient.twoFactor.enable({ password: value })
    setBusy(false)
    if (error || !data || !('totpURI' in data) || !data.totpURI) {
      const message = error?.code === 'INVALID_PASSWORD' ? 'That password is not correct' : authErrorMessage(error)
      setProblem(message)
      toast.error(`Could not turn on two-factor sign-in: ${message}`)
      return
    }
    setProblem(null)
    setValue('')
    setStage({ kind: 'confirm', uri: data.totpURI, codes: data.backupCodes ?? [] })
  }

  async function confirm(event: FormEvent, codes: string[]) {
    event.preventDefault()
    const read = readTotpCode(value)
    if ('problem' in read) return setProblem(read.problem)
    setBusy(true)
    const { error } = await authClient.twoFactor.verifyTotp({ code: read.code })
    setBusy(false)
    if (error) {
      const { message } = codeProblemOf(error, false)
      setProblem(message)
      toast.error(message)
      return
    }
    setProblem(null)
    setValue('')
    toast.success('Two-factor sign-in is on')
    setStage({ kind: 'codes', codes })
  }

  if (stage.kind === 'password') {
    return (
      <form onSubmit={start} className="mt-4 space-y-3" noValidate aria-label="Turn on two-factor sign-in">
        <AuthField
          label="Your password"
          value={value}
          onChange={setValue}
          autoComplete="current-password"
          error={problem}
        />
        <Button type="submit" disabled={busy} aria-busy={busy}>
          Continue
        </Button>
      </form>
    )
  }
  if (stage.kind === 'confirm') {
    const secret = secretOfUri(stage.uri)
    return (
      <form onSubmit={(event) => confirm(event, stage.codes)} className="mt-4 space-y-3 text-sm" noValidate>
        <p>
          Add NetToolbox to your authenticator app: open this link on the device that has the app, or type the secret in
          by hand (the site shows no QR code).
        </p>
        <div className="space-y-2 rounded-lg border border-border bg-muted p-3">
          <p className="text-xs text-muted-foreground">Setup link</p>
          <code data-testid="totp-uri" className="block font-mono text-xs break-all">
            {stage.uri}
          </code>
          {secret && (
            <>
              <p className="text-xs text-muted-foreground">Secret (time-based, 6 digits, every 30 seconds)</p>
              <code data-testid="totp-secret" className="block font-mono break-all">
                {secret}
              </code>
            </>
          )}
          <Button variant="outline" size="sm" onClick={() => copy(stage.uri, 'Setup link')}>
            <Copy aria-hidden="true" />
            Copy link
          </Button>
        </div>
        <AuthField
          label="Code from your app"
          type="text"
          value={value}
          onChange={setValue}
          autoComplete="one-time-code"
          inputMode="numeric"
          error={problem}
        />
        <Button type="submit" disabled={busy} aria-busy={busy}>
          Turn on
        </Button>
      </form>
    )
  }
  const text = recoveryCodesText(email, stage.codes, new Date())
  return (
    <div role="status" className="mt-4 space-y-3 rounded-lg border border-border bg-muted p-4 text-sm">
      <p className="font-medium">
        Save your recovery codes now: they are shown only this once. Each signs you in once if you lose your
        authenticator app.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 font-mono">
        {stage.codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => download(text)}>
          <Download aria-hidden="true" />
          Download as text
        </Button>
        <Button variant="outline" size="sm" onClick={() => copy(stage.codes.join('\n'), 'Recovery codes')}>
          <Copy aria-hidden="true" />
          Copy
        </Button>
        <Button size="sm" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  )
}
