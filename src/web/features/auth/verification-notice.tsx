// What the e-mail verification link led to: "Email verified — you are signed in", a link used
// before (the address is verified: sign in), or the reason it could not be used and a new link.
import { MailCheck, TriangleAlert } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { Button } from '../../components/button.tsx'
import { authClient, authErrorMessage } from '../../lib/auth-client.ts'
import { AuthField } from './auth-field.tsx'
import { VERIFIED_LANDING, type VerificationLanding } from './verification-link.ts'

function ResendForm() {
  const [email, setEmail] = useState('')
  const [sending, setSending] = useState(false)
  const [sent, setSent] = useState(false)
  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!email.trim()) return toast.error('Please enter your email address')
    setSending(true)
    const { error } = await authClient.sendVerificationEmail({ email: email.trim(), callbackURL: VERIFIED_LANDING })
    setSending(false)
    if (error) return toast.error(authErrorMessage(error))
    setSent(true)
    toast.success('Verification email sent')
  }
  if (sent) {
    return (
      <p role="status" className="text-sm">
        A new verification email is on its way to {email.trim()}. Open the link in the newest one.
      </p>
    )
  }
  return (
    <form className="space-y-3" onSubmit={submit} noValidate>
      <AuthField label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} />
      <Button type="submit" disabled={sending} className="w-full sm:w-auto">
        Resend verification email
      </Button>
    </form>
  )
}

function Verified({ text }: { text: string }) {
  return (
    <div role="status" className="flex gap-3 rounded-lg border border-border bg-muted/40 p-4 text-sm">
      <MailCheck aria-hidden="true" className="size-5 shrink-0 text-accent" />
      <p>{text}</p>
    </div>
  )
}

export function VerificationNotice({ landing, signedIn }: { landing: VerificationLanding; signedIn: boolean }) {
  switch (landing.kind) {
    case 'verified':
      return (
        <Verified
          text={
            signedIn
              ? 'Email verified — you are signed in. Your tool results are now saved to your history.'
              : 'Email verified. Sign in below to continue.'
          }
        />
      )
    case 'used':
      return <Verified text={`${landing.reason} ${signedIn ? 'You are signed in.' : 'Sign in below to continue.'}`} />
    case 'failed':
      return (
        <div className="space-y-4">
          <div role="alert" className="flex gap-3 rounded-lg border border-danger/40 bg-danger/10 p-4 text-sm">
            <TriangleAlert aria-hidden="true" className="size-5 shrink-0 text-danger" />
            <p>{landing.reason} Ask for a new link below.</p>
          </div>
          <ResendForm />
        </div>
      )
  }
}
