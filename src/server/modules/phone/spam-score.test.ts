import { describe, expect, it } from 'vitest'
import { isSpamScore, scoreSpamVotes } from './spam-score.ts'

describe('scoreSpamVotes()', () => {
  it('is 0 when nobody has voted', () => {
    expect(scoreSpamVotes({ spam: 0, notSpam: 0 })).toBe(0)
  })

  it('stays at 3 or below while fewer than three people have voted', () => {
    expect(scoreSpamVotes({ spam: 1, notSpam: 0 })).toBe(3)
    expect(scoreSpamVotes({ spam: 2, notSpam: 0 })).toBe(3)
    expect(scoreSpamVotes({ spam: 1, notSpam: 1 })).toBe(3)
    expect(scoreSpamVotes({ spam: 0, notSpam: 2 })).toBe(0)
  })

  it('is the rounded share of spam votes times 10 from three votes on', () => {
    expect(scoreSpamVotes({ spam: 3, notSpam: 0 })).toBe(10)
    expect(scoreSpamVotes({ spam: 2, notSpam: 1 })).toBe(7)
    expect(scoreSpamVotes({ spam: 1, notSpam: 2 })).toBe(3)
    expect(scoreSpamVotes({ spam: 13, notSpam: 7 })).toBe(7)
    expect(scoreSpamVotes({ spam: 0, notSpam: 5 })).toBe(0)
  })
})

describe('isSpamScore()', () => {
  it('marks 7 and above as spam, 6 and below not', () => {
    expect(isSpamScore(7)).toBe(true)
    expect(isSpamScore(10)).toBe(true)
    expect(isSpamScore(6)).toBe(false)
  })
})
