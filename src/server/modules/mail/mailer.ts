// Outgoing mail: SMTP (SMTP_URL) through nodemailer, or, without SMTP, .eml files in an outbox folder.
import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'

export interface Mail {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  /** "outbox" when mails are only written to files (nobody receives them). */
  readonly delivery: 'smtp' | 'outbox'
  send(mail: Mail): Promise<void>
  close(): void
}

export interface MailerOptions {
  smtpUrl?: string
  from: string
  /** Folder for .eml files when there is no SMTP server. */
  outboxDir: string
}

export function createMailer({ smtpUrl, from, outboxDir }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl, { from })
    return {
      delivery: 'smtp',
      async send(mail) {
        await transport.sendMail(mail)
      },
      close: () => transport.close(),
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from })
  return {
    delivery: 'outbox',
    async send(mail) {
      const info = await transport.sendMail(mail)
      await mkdir(outboxDir, { recursive: true })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      await writeFile(path.join(outboxDir, `${stamp}-${randomUUID()}.eml`), info.message as Buffer, { mode: 0o600 })
    },
    close: () => transport.close(),
  }
}
