// GET /.well-known/security.txt (RFC 9116): where to report a vulnerability (SECURITY_CONTACT).
import type { FastifyInstance } from 'fastify'

/** How far ahead the file says it stays valid; RFC 9116 asks for less than a year. */
const VALID_FOR_MS = 180 * 24 * 60 * 60 * 1000

export function securityTxt(contact: string, publicUrl: string, now = new Date()): string {
  return [
    `Contact: ${contact}`,
    `Expires: ${new Date(now.getTime() + VALID_FOR_MS).toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
    'Preferred-Languages: en',
    `Canonical: ${new URL('/.well-known/security.txt', publicUrl).href}`,
    '',
  ].join('\n')
}

export async function securityTxtRoutes(app: FastifyInstance, options: { contact: string; publicUrl: string }) {
  app.get('/.well-known/security.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(securityTxt(options.contact, options.publicUrl)),
  )
}
