// An HTTP client over app.inject that keeps cookies like a browser and sends our Origin, plus
// helpers to read account mails from the outbox.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { type ParsedMail, parseMail } from '../mail/mail-text.ts'

export const TEST_PUBLIC_URL = 'http://localhost:8080'

export type InjectResponse = Awaited<ReturnType<FastifyInstance['inject']>>

export interface BrowserLikeClient {
  request(options: InjectOptions): Promise<InjectResponse>
  post(url: string, payload?: object): Promise<InjectResponse>
  get(url: string): Promise<InjectResponse>
  hasSession(): boolean
}

/** A sign-in with a wrong password from `remoteAddress`, as a browser on our origin sends it. */
export function signInWrongly(app: FastifyInstance, email: string, remoteAddress: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    headers: { origin: TEST_PUBLIC_URL },
    payload: { email, password: 'wrong-password' },
  })
}

export function createClient(app: FastifyInstance, origin = TEST_PUBLIC_URL): BrowserLikeClient {
  const jar = new Map<string, string>()
  async function request(options: InjectOptions): Promise<InjectResponse> {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
    const res = await app.inject({
      ...options,
      headers: { origin, ...(cookie ? { cookie } : {}), ...options.headers },
    })
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number }>) {
      if (c.maxAge === 0 || c.value === '') jar.delete(c.name)
      else jar.set(c.name, c.value)
    }
    return res
  }
  return {
    request,
    post: (url, payload = {}) => request({ method: 'POST', url, payload }),
    get: (url) => request({ method: 'GET', url }),
    hasSession: () => [...jar.keys()].some((name) => name.endsWith('session_token')),
  }
}

/** The app-relative path and query of an absolute link from a mail. */
export function pathOf(link: string): string {
  const url = new URL(link)
  return `${url.pathname}${url.search}`
}

/** Mails written to <dataDir>/outbox, oldest first. */
export async function readOutbox(dataDir: string): Promise<ParsedMail[]> {
  const dir = path.join(dataDir, 'outbox')
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort()
  return Promise.all(names.map(async (name) => parseMail(await readFile(path.join(dir, name), 'utf8'))))
}

/** The newest outbox mail to an address. */
/** The newest mail to `to` in the outbox; mails go out just after the answer, so this waits a moment. */
export async function latestOutboxMail(dataDir: string, to: string, timeoutMs = 5000): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const mail = (await readOutbox(dataDir).catch(() => [])).filter((m) => m.to === to).at(-1)
    if (mail) return mail
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in the outbox`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** Signs up, opens the verification link of the mail, and returns the signed-in client. */
export async function signUpVerified(
  app: FastifyInstance,
  email: string,
  password: string,
  mailTo: (address: string) => Promise<ParsedMail>,
): Promise<BrowserLikeClient> {
  const client = createClient(app)
  const signUp = await client.post('/api/auth/sign-up/email', { email, password, name: '' })
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`)
  const link = (await mailTo(email)).links[0]
  if (!link) throw new Error('the verification mail has no link')
  await client.get(pathOf(link))
  if (!client.hasSession()) throw new Error('the verification link did not sign in')
  return client
}
