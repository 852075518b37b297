import { describe, expect, it } from 'vitest'
import { describeQueuePlace, ordinal } from './queue-place.ts'

describe('queue places', () => {
  it('writes English ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
    ])
  })

  it('says where the run stands and about how long it waits', () => {
    expect(describeQueuePlace({ position: 3, estimatedWaitMs: 20_000 })).toBe('You are 3rd in line (about 20 s)')
    expect(describeQueuePlace({ position: 1, estimatedWaitMs: 400 })).toBe('You are next in line (about 1 s)')
    expect(describeQueuePlace({ position: 12, estimatedWaitMs: 150_000 })).toBe('You are 12th in line (about 3 min)')
  })
})
