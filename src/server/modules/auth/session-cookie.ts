// The session cookie's name, for code that only needs to know whether a request carries one (the
// pages' server rendering draws a visitor without it signed out). Its value is better-auth's to check.

/** Prefix of the auth cookies (better-auth's `advanced.cookiePrefix`). */
export const AUTH_COOKIE_PREFIX = 'nettoolbox'

const SESSION_COOKIE = new RegExp(`(?:^|;)\\s*(?:__Secure-)?${AUTH_COOKIE_PREFIX}\\.session_token=[^;\\s]`)

/** Whether a Cookie header carries a (non-empty) session cookie, valid or not. */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && SESSION_COOKIE.test(cookieHeader)
}
