// What other features may use of the accounts feature: the signed-in state.
export { AuthProvider, useAuth } from './use-auth.ts'
