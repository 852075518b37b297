import { describe, expect, it } from 'vitest'
import { limitConcurrency } from './limit-concurrency.ts'

describe('limitConcurrency()', () => {
  it('never runs more than the limit at once and runs every task', async () => {
    const run = limitConcurrency(2)
    let active = 0
    let peak = 0
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        run(async () => {
          active++
          peak = Math.max(peak, active)
          await new Promise((r) => setImmediate(r))
          active--
          return i
        }),
      ),
    )
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6])
    expect(peak).toBe(2)
  })

  it('frees the slot of a task that throws', async () => {
    const run = limitConcurrency(1)
    await expect(run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    await expect(run(async () => 'next')).resolves.toBe('next')
  })
})
