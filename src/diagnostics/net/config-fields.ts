// Zod fields for settings read from environment strings, shared by the site's and the probe's
// configuration: comma-separated lists and addresses or CIDR ranges (TARGET_ALLOW, PROBE_TARGET_ALLOW).
import { isIP } from 'node:net'
import { z } from 'zod'

/** "a, b,c" → ['a', 'b', 'c']; unset or empty → []. */
export const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )

/** An IP address or a CIDR range of either family. */
export const cidr = z.string().refine((v) => {
  const [addr, bits, extra] = v.split('/')
  if (extra !== undefined || !addr || !isIP(addr)) return false
  if (bits === undefined) return true
  const n = Number(bits)
  return Number.isInteger(n) && n >= 0 && n <= (isIP(addr) === 4 ? 32 : 128)
}, 'must be an IP address or CIDR')
