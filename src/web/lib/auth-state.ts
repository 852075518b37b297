// The signed-in user as the whole web app sees it (header, pages and features read it through useAuth).
import { createContext, createElement, type ReactNode, startTransition, useContext, useEffect, useState } from 'react'
import type { authClient } from './auth-client.ts'

export interface AuthUser {
  id: string
  email: string
  /** ISO-8601. */
  createdAt: string
  /** Whether signing in asks for a code from an authenticator app. */
  twoFactorEnabled: boolean
}

export interface AuthState {
  user: AuthUser | null
  /** True until the first session check completes. */
  loading: boolean
}

const AuthContext = createContext<AuthState>({ user: null, loading: true })

/**
 * better-auth's client reports "pending" again while it refetches a signed-out session (on focus,
 * after sign-up); only the very first check counts as loading, so pages do not flicker.
 */
let firstCheckDone = false

type Session = ReturnType<typeof authClient.useSession>

function stateOf({ data, isPending }: Pick<Session, 'data' | 'isPending'>): AuthState {
  if (!isPending) firstCheckDone = true
  const user = data?.user
  return {
    user: user
      ? {
          id: user.id,
          email: user.email,
          createdAt: new Date(user.createdAt).toISOString(),
          twoFactorEnabled: user.twoFactorEnabled === true,
        }
      : null,
    loading: isPending && !firstCheckDone,
  }
}

function sameState(a: AuthState, b: AuthState): boolean {
  return (
    a.loading === b.loading &&
    a.user?.id === b.user?.id &&
    a.user?.email === b.user?.email &&
    a.user?.createdAt === b.user?.createdAt &&
    a.user?.twoFactorEnabled === b.user?.twoFactorEnabled
  )
}

/**
 * Follows the session for the whole app. The auth client's code (better-auth and its fetch layer)
 * loads after the first render, not with the page's first script: no page's first screen needs it,
 * and evaluating it cost every page load tens of milliseconds of main-thread time on a phone. Its
 * session store updates synchronously; passing each change on as a transition lets React re-render
 * the pages that read it (the home page's tool grid appears when the first check answers) in
 * slices that leave the main thread free for input.
 */
export function AuthProvider({ children, initial }: { children: ReactNode; initial?: AuthState }) {
  // A page the server rendered for a visitor without a session cookie starts signed out, known: the
  // check that follows confirms it without showing "Loading..." first.
  const [state, setState] = useState<AuthState>(() => {
    if (initial && !initial.loading) firstCheckDone = true
    return initial ?? { user: null, loading: true }
  })
  useEffect(() => {
    let stopped = false
    let unsubscribe: (() => void) | undefined
    void import('./auth-client.ts').then(({ authClient }) => {
      if (stopped) return
      unsubscribe = authClient.$store.atoms.session?.subscribe((session: Session) => {
        const next = stateOf(session)
        startTransition(() => setState((previous) => (sameState(previous, next) ? previous : next)))
      })
    })
    return () => {
      stopped = true
      unsubscribe?.()
    }
  }, [])
  return createElement(AuthContext.Provider, { value: state }, children)
}

export function useAuth(): AuthState {
  return useContext(AuthContext)
}
