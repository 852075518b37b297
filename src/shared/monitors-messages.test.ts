import { describe, expect, it } from 'vitest'
import { monitorMessages } from './monitors.ts'

describe('monitorMessages', () => {
  it('agree with their numbers', () => {
    expect(monitorMessages.tooMany(1)).toBe('An account can have at most 1 monitor; delete one first')
    expect(monitorMessages.tooMany(3)).toBe('An account can have at most 3 monitors; delete one first')
    expect(monitorMessages.intervalTooShort(1)).toBe('Checks run at most every minute')
    expect(monitorMessages.intervalTooShort(2)).toBe('Checks run at most every 2 minutes')
  })
})
