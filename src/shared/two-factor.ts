// Two-factor sign-in's request schemas (zod), for the server and the API document. Apart from
// src/shared/auth.ts, which the web app's account forms import: they stay free of zod.
import { z } from 'zod'
import { readTotpCode, twoFactorMessages } from './auth.ts'

/** A TOTP code as typed (readTotpCode), as a schema: the code without its spaces. */
export const totpCode = z.string({ error: twoFactorMessages.codeRequired }).transform((text, context) => {
  const read = readTotpCode(text)
  if ('problem' in read) {
    context.addIssue({ code: 'custom', message: read.problem })
    return z.NEVER
  }
  return read.code
})

/** POST /api/account/two-factor/disable: the password, or a current code. */
export const disableTwoFactorRequest = z
  .object({
    password: z.string().max(200).optional(),
    code: totpCode.optional(),
  })
  .refine((body) => (body.password !== undefined && body.password !== '') || body.code !== undefined, {
    message: twoFactorMessages.passwordOrCode,
  })
