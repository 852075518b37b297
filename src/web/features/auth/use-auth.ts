// The signed-in user as the web app sees it.
import { createContext, createElement, type ReactNode, startTransition, useContext, useEffect, useState } from 'react'
import { authClient } from './auth-client.ts'

export interface AuthUser {
  id: string
  email: string
  /** ISO-8601. */
  createdAt: string
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
    user: user ? { id: user.id, email: user.email, createdAt: new Date(user.createdAt).toISOString() } : null,
    loading: isPending && !firstCheckDone,
  }
}

function sameState(a: AuthState, b: AuthState): boolean {
  return (
    a.loading === b.loading &&
    a.user?.id === b.user?.id &&
    a.user?.email === b.user?.email &&
    a.user?.createdAt === b.user?.createdAt
  )
}

/**
 * Follows the session for the whole app. better-auth's store updates synchronously; passing each
 * change on as a transition lets React re-render the pages that read it (the home page's tool grid
 * appears when the first check answers) in slices that leave the main thread free for input.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { data, isPending } = authClient.useSession()
  const [state, setState] = useState<AuthState>(() => stateOf({ data, isPending }))
  useEffect(() => {
    const next = stateOf({ data, isPending })
    startTransition(() => setState((previous) => (sameState(previous, next) ? previous : next)))
  }, [data, isPending])
  return createElement(AuthContext.Provider, { value: state }, children)
}

export function useAuth(): AuthState {
  return useContext(AuthContext)
}
