import { describe, expect, it } from 'vitest'
import type { LimitSettings } from '../../config.ts'
import { planLimits } from './limit-rules.ts'

const limits: LimitSettings = {
  toolsPerMinute: 60,
  expensivePerMinute: 20,
  authPerMinute: 30,
  eventsPerMinute: 120,
  speedBytesPerMinute: 1_000_000,
  concurrentRuns: 64,
  concurrentPerTool: 16,
  concurrentPerClient: 4,
  queuePerTool: 32,
  queueMaxWaitMs: 60_000,
  concurrencyLeaseMs: 30_000,
  runCostSeconds: 10,
  ipv6SubnetsPer48: 8,
  token: { toolsPerMinute: 300, expensivePerMinute: 100 },
}

describe('planLimits()', () => {
  it('counts a cheap tool run once against the tools budget and takes a run slot', () => {
    const plan = planLimits({ method: 'POST', route: '/api/tools/dns' }, limits)
    expect(plan?.run).toBe('dns')
    expect(plan?.budgets.map((b) => [b.name, b.amount, b.max])).toEqual([['tools', 1, 60]])
  })

  it('also charges an expensive tool its cost against the expensive budget, named in the refusal', () => {
    const plan = planLimits({ method: 'POST', route: '/api/tools/traceroute' }, limits)
    expect(plan?.budgets.map((b) => [b.name, b.amount, b.max])).toEqual([
      ['tools', 1, 60],
      ['expensive', 3, 20],
    ])
    expect(plan?.budgets[1]?.tooMany).toBe('Too many Traceroute runs')
    expect(plan?.budgets.every((b) => b.perAccount)).toBe(true)
  })

  it('leaves unknown tool ids and reads of the API alone', () => {
    expect(planLimits({ method: 'POST', route: '/api/tools/:id' }, limits)).toBeUndefined()
    expect(planLimits({ method: 'GET', route: '/api/history' }, limits)).toBeUndefined()
    expect(planLimits({ method: 'GET', route: '/api/auth/*' }, limits)).toBeUndefined()
  })

  it('limits mutating account requests per address, answered in a shape better-auth clients read', () => {
    const plan = planLimits({ method: 'POST', route: '/api/auth/*' }, limits)
    expect(plan?.shape).toBe('auth')
    expect(plan?.budgets).toMatchObject([{ name: 'auth', max: 30, perAccount: false }])
  })

  it('charges speed-test transfers their bytes, and nothing for an empty one', () => {
    expect(
      planLimits({ method: 'GET', route: '/api/speed/down', transferBytes: 250_000 }, limits)?.budgets,
    ).toMatchObject([{ name: 'speed', amount: 250_000, max: 1_000_000 }])
    expect(planLimits({ method: 'POST', route: '/api/speed/up', transferBytes: 0 }, limits)).toBeUndefined()
  })

  it('answers a refused phone lookup in its own { success, error } shape', () => {
    expect(planLimits({ method: 'POST', route: '/api/phone-lookup' }, limits)?.shape).toBe('phone-lookup')
  })
})
