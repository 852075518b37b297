// better-auth's browser client for our /api/auth routes: session state (refetched on focus and
// after sign-in/out), sign-in, sign-up, password reset and change. The session lives in an
// httpOnly cookie the client never reads.
import { createAuthClient } from 'better-auth/react'

export const authClient = createAuthClient({ basePath: '/api/auth' })

/** The message of a failed auth call, for the spec's "... failed: {msg}" toasts. */
export function authErrorMessage(error: { message?: string; statusText?: string } | null | undefined): string {
  return error?.message || error?.statusText || 'An unknown error occurred'
}

/** better-auth's code for a sign-up with a registered email. */
export function isAlreadyRegistered(error: { code?: string } | null | undefined): boolean {
  return error?.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' || error?.code === 'USER_ALREADY_EXISTS'
}
