// What other features may use of the accounts feature: the signed-in state.
export { useAuth } from './use-auth.ts'
