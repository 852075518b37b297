// The tabs of the auth page: Sign In and Sign Up when signed out, Change Password when signed in.
import { type KeyboardEvent, useId, useState } from 'react'
import { ChangePasswordForm } from './change-password-form.tsx'
import { ResetRequestForm } from './reset-request-form.tsx'
import { SignInForm } from './sign-in-form.tsx'
import { SignUpForm } from './sign-up-form.tsx'

export type AuthTab = 'signin' | 'signup' | 'change-password'

const labels: Record<AuthTab, string> = { signin: 'Sign In', signup: 'Sign Up', 'change-password': 'Change Password' }

export function tabsFor(signedIn: boolean): AuthTab[] {
  return signedIn ? ['change-password'] : ['signin', 'signup']
}

/** The tab to open: the requested one when it is available, else the default for the state. */
export function initialTab(requested: string | null, signedIn: boolean): AuthTab {
  const available = tabsFor(signedIn)
  return available.find((t) => t === requested) ?? (available[0] as AuthTab)
}

export function AuthTabs({ signedIn, requested }: { signedIn: boolean; requested: string | null }) {
  const baseId = useId()
  const tabs = tabsFor(signedIn)
  const [tab, setTab] = useState<AuthTab>(() => initialTab(requested, signedIn))
  const [forgot, setForgot] = useState(false)
  const [email, setEmail] = useState('')

  function open(next: AuthTab, options: { forgot?: boolean } = {}) {
    setTab(next)
    setForgot(options.forgot ?? false)
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    const step = event.key === 'ArrowRight' ? 1 : -1
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length]
    if (next) open(next)
  }

  const active = tabs.includes(tab) ? tab : (tabs[0] as AuthTab)
  return (
    <div>
      <div
        role="tablist"
        aria-label="Account"
        className="grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-muted p-1"
        onKeyDown={onKeyDown}
      >
        {tabs.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`${baseId}-${t}`}
            aria-selected={t === active}
            aria-controls={`${baseId}-panel`}
            tabIndex={t === active ? 0 : -1}
            onClick={() => open(t)}
            className={`focus-ring h-8 rounded-md text-sm font-medium transition-colors ${t === active ? 'bg-card shadow-xs' : 'text-muted-foreground hover:text-foreground'}`}
          >
            {labels[t]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-${active}`} className="mt-6">
        {active === 'change-password' && <ChangePasswordForm />}
        {active === 'signin' && !forgot && (
          <SignInForm email={email} onEmailChange={setEmail} onForgotPassword={() => setForgot(true)} />
        )}
        {active === 'signin' && forgot && (
          <ResetRequestForm email={email} onEmailChange={setEmail} onBack={() => setForgot(false)} />
        )}
        {active === 'signup' && (
          <SignUpForm
            email={email}
            onEmailChange={setEmail}
            onSignInInstead={() => open('signin')}
            onResetPassword={() => open('signin', { forgot: true })}
          />
        )}
      </div>
    </div>
  )
}
