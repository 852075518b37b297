import { describe, expect, it } from 'vitest'
import { shareExpiryText } from './share-expiry.ts'

describe('shareExpiryText()', () => {
  it('states the expiry in words and as the exact ISO instant', () => {
    const iso = new Date(2026, 11, 27, 12, 5).toISOString()
    expect(shareExpiryText(iso)).toBe(`Expires on 27 December 2026, 12:05 (${iso})`)
  })
  it('says a pinned share never expires', () => {
    expect(shareExpiryText(null)).toBe('Pinned: never expires')
  })
})
