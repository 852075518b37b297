// The signed-in user of a request, read from better-auth's session cookie.
import { fromNodeHeaders } from 'better-auth/node'
import type { CurrentUser } from '../../current-user.ts'
import type { Auth } from './auth.ts'

export function createCurrentUser(auth: Auth): CurrentUser {
  return async (request) => {
    if (!request.headers.cookie) return null
    // disableRefresh: refreshing belongs to get-session, which can renew the cookie too.
    const session = await auth.api.getSession({
      headers: fromNodeHeaders(request.headers),
      query: { disableRefresh: true },
    })
    return session ? { id: session.user.id, email: session.user.email } : null
  }
}
