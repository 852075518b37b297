import { describe, expect, it } from 'vitest'
import type { SharedResult } from '../../../shared/results.ts'
import { missingResultHead, resultPageHead } from './result-head.ts'

const base: SharedResult = {
  id: 'abcdefghijklmnopqrstuv',
  tool: 'ssl',
  input: 'expired.test',
  status: 'failed',
  result: null,
  lines: [],
  durationMs: 120,
  failureSource: 'target',
  error: 'The certificate of expired.test expired on 2026-01-01',
  createdAt: '2026-03-04T05:06:07.000Z',
  server: 'probe-fra.test',
  sharedAt: '2026-03-04T05:07:00.000Z',
  pinned: false,
  expiresAt: '2026-04-03T05:07:00.000Z',
}

describe('resultPageHead()', () => {
  it('words a failed run as such, naming the server and the time it was measured', () => {
    expect(resultPageHead(base)).toEqual({
      title: 'SSL/TLS result for expired.test | NetToolbox',
      description:
        'Failed: The certificate of expired.test expired on 2026-01-01 — measured by probe-fra.test on 2026-03-04 05:06 UTC.',
      keywords: 'ssl/tls, shared result, network diagnostics',
      path: '/r/abcdefghijklmnopqrstuv',
      noindex: true,
    })
  })

  it('summarises a long successful answer in at most 200 characters of its first lines', () => {
    const lines = Array.from({ length: 10 }, (_, i) => `line ${i} ${'x'.repeat(60)}`)
    const head = resultPageHead({ ...base, status: 'ok', error: undefined, lines, tool: 'whatismyip', input: '' })
    const summary = head.description.split(' — ')[0] ?? ''
    expect(summary.length).toBe(200)
    expect(summary.endsWith('…')).toBe(true)
    expect(head.title).toBe('What Is My IP result | NetToolbox')
  })

  it('gives unknown ids the not-found head, not indexed', () => {
    expect(missingResultHead('x')).toMatchObject({
      title: 'Result not found | NetToolbox',
      path: '/r/x',
      noindex: true,
    })
  })
})
