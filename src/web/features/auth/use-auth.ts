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

export function useAuth(): AuthState {
  const { data, isPending } = authClient.useSession()
  const user = data?.user
  return {
    user: user ? { id: user.id, email: user.email, createdAt: new Date(user.createdAt).toISOString() } : null,
    loading: isPending,
  }
}
