// The recovery codes as the text file the user downloads once, and the secret of an otpauth:// URI
// as an authenticator app asks for it when typed in by hand.

/** The text of nettoolbox-recovery-codes.txt. */
export function recoveryCodesText(email: string, codes: readonly string[], madeAt: Date): string {
  return [
    `NetToolbox recovery codes for ${email}`,
    `Made ${madeAt.toISOString()}. Each code signs you in once instead of a code from your authenticator app.`,
    'Keep them somewhere safe: whoever has them and your password can sign in.',
    '',
    ...codes,
    '',
  ].join('\n')
}

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP": the base32 secret in groups of four, or null. */
export function secretOfUri(uri: string): string | null {
  try {
    const secret = new URL(uri).searchParams.get('secret')
    return secret ? (secret.match(/.{1,4}/g) ?? []).join(' ') : null
  } catch {
    return null
  }
}
