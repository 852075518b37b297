// A password-recovery link lands on /auth?type=recovery&token=... (or with error=INVALID_TOKEN when
// the link was used or expired). The type may also come in the fragment.
export interface RecoveryLink {
  /** The reset token, or null when the link is invalid, used or expired. */
  token: string | null
}

export function readRecoveryLink(search: string, hash: string): RecoveryLink | null {
  const query = new URLSearchParams(search)
  const fragment = new URLSearchParams(hash.replace(/^#/, ''))
  if (query.get('type') !== 'recovery' && fragment.get('type') !== 'recovery') return null
  const token = query.get('token') ?? fragment.get('token')
  const failed = (query.get('error') ?? fragment.get('error')) !== null
  return { token: token && !failed ? token : null }
}
