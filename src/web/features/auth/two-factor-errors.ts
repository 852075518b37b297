// What the second step of a sign-in (and the set-up's first code) says for each of better-auth's
// two-factor error codes, and whether the sign-in must start again from the password.
import { twoFactorMessages as m } from '../../../shared/auth.ts'

export interface CodeProblem {
  message: string
  /** The sign-in's challenge is gone (too old, or too many tries): back to email and password. */
  restart: boolean
}

export function codeProblemOf(
  error: { code?: string; message?: string; status?: number } | null | undefined,
  recovery: boolean,
): CodeProblem {
  switch (error?.code) {
    case 'INVALID_CODE':
      return { message: m.wrongCode, restart: false }
    case 'INVALID_BACKUP_CODE':
      return { message: m.wrongRecoveryCode, restart: false }
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      return { message: m.locked, restart: false }
    case 'INVALID_TWO_FACTOR_COOKIE':
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
      return { message: m.expiredChallenge, restart: true }
    default:
      if (error?.status === 429)
        return { message: 'Too many attempts. Please wait a minute and try again.', restart: false }
      return { message: error?.message || (recovery ? m.wrongRecoveryCode : m.wrongCode), restart: false }
  }
}
