import { describe, expect, it } from 'vitest'
import { expiryWords, isExpired, lastUsedWords } from './token-words.ts'

const now = new Date('2026-11-27T12:00:00')

describe('token wording', () => {
  it('says when a token expires, that it expired, or that it never does', () => {
    expect(expiryWords(new Date('2026-12-27T12:00:00').toISOString(), now)).toBe('expires Dec 27, 2026')
    expect(expiryWords(new Date('2026-11-20T12:00:00').toISOString(), now)).toBe('expired Nov 20, 2026')
    expect(expiryWords(null, now)).toBe('never expires')
    expect(isExpired(new Date('2026-11-27T11:59:59').toISOString(), now)).toBe(true)
    expect(isExpired(null, now)).toBe(false)
  })

  it('says when a token was last used, or that it never was', () => {
    expect(lastUsedWords(new Date('2026-11-27T09:05:00').toISOString())).toBe('last used Nov 27, 09:05')
    expect(lastUsedWords(null)).toBe('never used')
  })
})
