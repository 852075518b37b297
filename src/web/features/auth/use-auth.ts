// The signed-in user as the web app sees it.
export interface AuthUser {
  id: string
  email: string
  createdAt: string
}

export interface AuthState {
  user: AuthUser | null
  loading: boolean
}

const signedOut: AuthState = { user: null, loading: false }

export function useAuth(): AuthState {
  return signedOut
}
