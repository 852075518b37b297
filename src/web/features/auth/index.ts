// What other features may use of the accounts feature: the signed-in state.
export { AuthProvider, type AuthState, useAuth } from './use-auth.ts'
