// better-auth's browser client for our /api/auth routes: session state (refetched on focus and
// after sign-in/out), sign-in (with its second step when two-factor sign-in is on), sign-up, password
// reset and change, and two-factor set-up. The session lives in an httpOnly cookie the client never
// reads.
import { twoFactorClient } from 'better-auth/client/plugins'
import { createAuthClient } from 'better-auth/react'

export const authClient = createAuthClient({ basePath: '/api/auth', plugins: [twoFactorClient()] })

/** The message of a failed auth call, for the product's "... failed: {msg}" toasts. */
export function authErrorMessage(error: { message?: string; statusText?: string } | null | undefined): string {
  return error?.message || error?.statusText || 'An unknown error occurred'
}
