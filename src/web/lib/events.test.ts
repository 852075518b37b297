import { describe, expect, it } from 'vitest'
import { optedOut, randomUuid } from './events.ts'

describe('optedOut()', () => {
  it('is true under Do-Not-Track in any of its browser spellings', () => {
    expect(optedOut({ doNotTrack: '1' })).toBe(true)
    expect(optedOut({ doNotTrack: 'yes' })).toBe(true)
    expect(optedOut({}, '1')).toBe(true)
  })

  it('is true under Global Privacy Control', () => {
    expect(optedOut({ globalPrivacyControl: true })).toBe(true)
  })

  it('is false when neither signal is on', () => {
    expect(optedOut({ doNotTrack: '0', globalPrivacyControl: false }, null)).toBe(false)
    expect(optedOut({ doNotTrack: null })).toBe(false)
  })
})

describe('randomUuid()', () => {
  it('makes distinct version 4 UUIDs', () => {
    const a = randomUuid()
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(randomUuid()).not.toBe(a)
  })
})
