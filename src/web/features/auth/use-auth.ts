// The signed-in user as the web app sees it.
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

/**
 * better-auth's client reports "pending" again while it refetches a signed-out session (on focus,
 * after sign-up); only the very first check counts as loading, so pages do not flicker.
 */
let firstCheckDone = false

export function useAuth(): AuthState {
  const { data, isPending } = authClient.useSession()
  if (!isPending) firstCheckDone = true
  const user = data?.user
  return {
    user: user ? { id: user.id, email: user.email, createdAt: new Date(user.createdAt).toISOString() } : null,
    loading: isPending && !firstCheckDone,
  }
}
