import { describe, expect, it } from 'vitest'
import { nextSlot, slotOffset } from './schedule.ts'

describe('slotOffset()', () => {
  it('stays inside the interval and never at its start', () => {
    for (let i = 0; i < 500; i++) {
      const offset = slotOffset(`monitor-${i}`, 300_000)
      expect(offset).toBeGreaterThanOrEqual(1)
      expect(offset).toBeLessThan(300_000)
    }
  })

  it('spreads monitors of one interval over it rather than bunching them at :00', () => {
    const minutes = new Set<number>()
    for (let i = 0; i < 200; i++) minutes.add(Math.floor(slotOffset(`m${i}`, 300_000) / 60_000))
    expect([...minutes].sort()).toEqual([0, 1, 2, 3, 4])
    const firstSeconds = Array.from({ length: 200 }, (_, i) => slotOffset(`m${i}`, 300_000)).filter((o) => o < 1000)
    expect(firstSeconds.length).toBeLessThan(10)
  })

  it('is the same for the same monitor, so every process computes the same slots', () => {
    expect(slotOffset('abc', 60_000)).toBe(slotOffset('abc', 60_000))
  })
})

describe('nextSlot()', () => {
  it('answers the first slot strictly after the given time', () => {
    expect(nextSlot(0, 1000, 250)).toBe(250)
    expect(nextSlot(250, 1000, 250)).toBe(1250)
    expect(nextSlot(1249, 1000, 250)).toBe(1250)
    expect(nextSlot(1251, 1000, 250)).toBe(2250)
  })

  it('skips the slots missed while no process ran', () => {
    expect(nextSlot(10_500, 1000, 250)).toBe(11_250)
  })
})
