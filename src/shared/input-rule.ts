// The one reading of what a person typed or pasted into a tool's field, shared by every tool's request
// schema (validation.ts), so the web form, the HTTP API and the command line answer alike
// (docs/product.md, "What each tool accepts"). It only takes the text apart; each tool's schema then
// decides whether the host it names is one that tool takes.
import { toAsciiDomain } from './idn.ts'

export interface Target {
  /** The host, without brackets, trailing dot, user info, port, path, query or fragment; a Unicode name in its ASCII form. */
  host: string
  /** The port as written after the host ("8443"), when one was. */
  port?: string
  /** The text was an email address (`info@shop.test`, `mailto:info@shop.test`): host is its domain. */
  email: boolean
  /** Set when the text cannot be read as a target at all (a port that is no number from 1 to 65535, an empty host). */
  unreadable?: true
}

const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//
const MAILTO = /^mailto:/i
const BRACKETED = /^\[([^\]]*)\](?::([^:]*))?$/

function isPort(text: string): boolean {
  return /^\d{1,5}$/.test(text) && Number(text) >= 1 && Number(text) <= 65_535
}

/** "[2001:db8::1]:443" → host and port; "2001:db8::1" stays whole; "shop.test:8443" → host and port. */
function splitHostPort(authority: string): { host: string; port?: string } {
  const bracketed = BRACKETED.exec(authority)
  if (bracketed) return { host: bracketed[1] ?? '', port: bracketed[2] }
  const colons = authority.split(':').length - 1
  if (colons !== 1) return { host: authority }
  const [host = '', port = ''] = authority.split(':')
  return { host, port }
}

/**
 * `https://user:pw@shop.test:8443/x?q#f` → shop.test, port 8443; `mailto:info@shop.test` → shop.test
 * (an email); `[2001:db8::1]:443` → 2001:db8::1, port 443; ` bücher.example. ` → xn--bcher-kva.example.
 */
export function readTarget(text: string): Target {
  let rest = text.trim()
  let email = MAILTO.test(rest)
  if (email) rest = rest.replace(MAILTO, '')
  const scheme = SCHEME.exec(rest)
  if (scheme) rest = rest.slice(scheme[0].length)
  let authority = rest.split(/[/?#]/)[0] ?? ''
  const at = authority.lastIndexOf('@')
  if (at >= 0) {
    // After a scheme, "user:password@" is user info; without one, the text is an email address.
    if (!scheme) email = true
    authority = authority.slice(at + 1)
  }
  const { host, port } = splitHostPort(authority)
  const name = host.endsWith('.') && !host.includes(':') ? host.slice(0, -1) : host
  const ascii = toAsciiDomain(name)
  const target: Target = { host: ascii, email }
  if (port !== undefined) target.port = port
  // Only a name may come out of another script: digits in another form ("１２７.０.０.１", "０ｘ７ｆ.１")
  // that the URL parser reads as an address are refused, as the legacy IPv4 spellings are.
  const addressFromScript = ascii !== name && /^[\d.]+$/.test(ascii)
  if (name === '' || addressFromScript || (port !== undefined && !isPort(port)) || (email && port !== undefined)) {
    target.unreadable = true
  }
  return target
}
