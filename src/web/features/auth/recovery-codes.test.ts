import { describe, expect, it } from 'vitest'
import { recoveryCodesText, secretOfUri } from './recovery-codes.ts'

describe('recoveryCodesText()', () => {
  it('lists every code on its own line under who and when', () => {
    const text = recoveryCodesText('a@example.test', ['abcde-12345', 'fghij-67890'], new Date('2026-11-27T12:00:00Z'))
    expect(text.split('\n')).toEqual([
      'NetToolbox recovery codes for a@example.test',
      'Made 2026-11-27T12:00:00.000Z. Each code signs you in once instead of a code from your authenticator app.',
      'Keep them somewhere safe: whoever has them and your password can sign in.',
      '',
      'abcde-12345',
      'fghij-67890',
      '',
    ])
  })
})

describe('secretOfUri()', () => {
  it('reads the secret of an otpauth URI in groups of four', () => {
    expect(secretOfUri('otpauth://totp/NetToolbox:a%40b.test?secret=JBSWY3DPEHPK3PXPAB&issuer=NetToolbox')).toBe(
      'JBSW Y3DP EHPK 3PXP AB',
    )
  })
  it('gives null for text that is not such a URI', () => {
    expect(secretOfUri('not a uri')).toBeNull()
    expect(secretOfUri('otpauth://totp/x')).toBeNull()
  })
})
