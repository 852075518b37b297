import { describe, expect, it } from 'vitest'
import { isPastBackToTopThreshold } from './scroll.ts'

describe('isPastBackToTopThreshold()', () => {
  it('is false up to and including 300 px', () => {
    expect(isPastBackToTopThreshold(0)).toBe(false)
    expect(isPastBackToTopThreshold(300)).toBe(false)
  })

  it('is true beyond 300 px', () => {
    expect(isPastBackToTopThreshold(301)).toBe(true)
  })
})
