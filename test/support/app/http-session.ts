// A browser-like client over real HTTP (fetch): keeps the cookies the server sets, sends our Origin.
import { latestOutboxMail, pathOf } from './accounts.ts'

export interface HttpSession {
  request(method: string, urlPath: string, body?: unknown, extraHeaders?: Record<string, string>): Promise<Response>
  json<T = unknown>(method: string, urlPath: string, body?: unknown): Promise<{ status: number; body: T }>
}

export function createHttpSession(origin: string): HttpSession {
  const jar = new Map<string, string>()
  const request = async (method: string, urlPath: string, body?: unknown, extraHeaders?: Record<string, string>) => {
    const headers: Record<string, string> = { origin, ...extraHeaders }
    if (jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
    if (body !== undefined) headers['content-type'] = 'application/json'
    const response = await fetch(new URL(urlPath, origin), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at)
      const value = pair.slice(at + 1)
      if (value === '' || /max-age=0/i.test(line)) jar.delete(name)
      else jar.set(name, value)
    }
    return response
  }
  return {
    request,
    async json(method, urlPath, body) {
      const response = await request(method, urlPath, body)
      return { status: response.status, body: await response.json() }
    },
  }
}

/** Signs up over HTTP, opens the verification link from the outbox of `dataDir`, and returns the signed-in session. */
export async function signUpOverHttp(
  origin: string,
  dataDir: string,
  email: string,
  password: string,
): Promise<HttpSession> {
  const session = createHttpSession(origin)
  const signUp = await session.request('POST', '/api/auth/sign-up/email', { email, password, name: '' })
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`)
  const link = (await latestOutboxMail(dataDir, email)).links[0]
  if (!link) throw new Error('the verification mail has no link')
  await (await session.request('GET', pathOf(link))).arrayBuffer()
  return session
}

/** Signs in over HTTP with email and password. */
export async function signInOverHttp(origin: string, email: string, password: string): Promise<HttpSession> {
  const session = createHttpSession(origin)
  const res = await session.request('POST', '/api/auth/sign-in/email', { email, password })
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`)
  await res.arrayBuffer()
  return session
}
