// A real SMTP server (smtp-server) on a loopback port that keeps every mail it receives.
import { SMTPServer } from 'smtp-server'
import { freePort } from '../net/ports.ts'
import { type ParsedMail, parseMail } from './mail-text.ts'

export interface SmtpSink {
  /** SMTP_URL for the app: "smtp://127.0.0.1:PORT". */
  url: string
  mails: ParsedMail[]
  /** Resolves with the first mail (received so far or later) that matches; rejects after 10 s. */
  waitForMail(match: (mail: ParsedMail) => boolean): Promise<ParsedMail>
  stop(): Promise<void>
}

/** `delayMs` holds every connection that long before the greeting: a slow mail server. */
export async function startSmtpSink({ delayMs = 0 } = {}): Promise<SmtpSink> {
  const mails: ParsedMail[] = []
  const waiters = new Set<() => void>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      setTimeout(callback, delayMs)
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8')))
        for (const wake of waiters) wake()
        callback()
      })
    },
  })
  const port = await freePort()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail(match) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(match)
          if (!found) return false
          waiters.delete(check)
          clearTimeout(timer)
          resolve(found)
          return true
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error('no matching mail arrived within 10 s'))
        }, 10_000)
        waiters.add(check)
        check()
      })
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
