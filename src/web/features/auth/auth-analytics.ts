// Account events for our first-party analytics. The server attaches the sender's account id from
// the session cookie, so signing in identifies the user and signing out resets the identity.
// The sign-in that ends a password recovery is not tracked.
import { sendEvent } from '../../lib/events.ts'

export function trackSignedIn(): void {
  sendEvent('$identify')
  sendEvent('user_signed_in')
}

/** Sent before the session ends, so the event still carries the user's id. */
export function trackSignedOut(): void {
  sendEvent('user_signed_out')
}
