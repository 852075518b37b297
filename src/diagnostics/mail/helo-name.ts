// The name we introduce ourselves with in EHLO: the public host name when there is one.

import { isIP } from 'node:net'
import { hostname } from 'node:os'

/** The PUBLIC_URL host, or this machine's name when that is localhost or an address. */
export function heloNameFor(publicUrl: string | undefined): string {
  const host = publicUrl ? URL.parse(publicUrl)?.hostname.replace(/^\[|\]$/g, '') : undefined
  if (host && host !== 'localhost' && isIP(host) === 0) return host
  return hostname() || 'localhost'
}
