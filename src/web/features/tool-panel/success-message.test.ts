import { describe, expect, it } from 'vitest'
import { findEntry } from '../../../shared/catalogue.ts'
import { runToast, successMessage } from './success-message.ts'

describe('successMessage()', () => {
  it('names the tool', () => {
    expect(successMessage({ id: 'dns', name: 'DNS' } as const)).toBe('DNS completed successfully')
  })

  it("uses the product's own wording for What Is My IP", () => {
    const entry = findEntry('whatismyip')
    expect(entry && successMessage(entry)).toBe('IP lookup completed successfully')
  })
})

describe('runToast()', () => {
  const mail = { id: 'mail', name: 'Mail Test' } as const
  const result = (statuses: string[]) => ({
    result: {
      domain: 'example.com',
      mxSource: 'mx',
      mx: [],
      dkim: [],
      checks: statuses.map((status, i) => ({ id: `c${i}`, title: `Check ${i}`, status, reason: 'r' })),
    },
  })

  it('never calls a mail test with failed checks successful', () => {
    expect(runToast(mail, result(['pass', 'fail', 'fail', 'skipped']))).toEqual({
      kind: 'warning',
      text: 'Mail Test finished: 2 checks failed',
    })
    expect(runToast(mail, result(['pass', 'fail']))).toEqual({
      kind: 'warning',
      text: 'Mail Test finished: 1 check failed',
    })
  })

  it('keeps the success toast when nothing failed', () => {
    expect(runToast(mail, result(['pass', 'warn', 'skipped']))).toEqual({
      kind: 'success',
      text: 'Mail Test completed successfully',
    })
    expect(runToast({ id: 'dns', name: 'DNS' } as const, { result: {} })).toEqual({
      kind: 'success',
      text: 'DNS completed successfully',
    })
  })
})
