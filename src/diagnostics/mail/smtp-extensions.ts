// EHLO extensions (RFC 5321 §4.1.1.1): every line after the first is "KEYWORD [params]".
import type { SmtpReply } from './smtp-reply.ts'

/** Keywords upper-cased, parameters kept: ["SIZE 35882577", "PIPELINING", "STARTTLS"]. */
export function parseEhloExtensions(reply: SmtpReply): string[] {
  return reply.lines
    .slice(1)
    .map((line) => line.slice(4).trim())
    .filter((text) => text !== '')
    .map((text) => {
      const [keyword = '', ...params] = text.split(/\s+/)
      return [keyword.toUpperCase(), ...params].join(' ')
    })
}

export function hasExtension(extensions: string[], keyword: string): boolean {
  return extensions.some((e) => e === keyword || e.startsWith(`${keyword} `))
}

/** The SIZE limit in bytes, 0 when declared without a limit, undefined when not declared. */
export function sizeLimit(extensions: string[]): number | undefined {
  const size = extensions.find((e) => e === 'SIZE' || e.startsWith('SIZE '))
  if (size === undefined) return undefined
  const value = Number(size.slice(5))
  return Number.isFinite(value) ? value : 0
}
