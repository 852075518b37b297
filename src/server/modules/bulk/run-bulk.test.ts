import { describe, expect, it } from 'vitest'
import type { BulkRow } from '../../../shared/bulk.ts'
import type { ToolAnswer } from '../../../shared/tools/tool-answer.ts'
import type { Refusal } from '../limits/refusals.ts'
import { type Admission, type CheckedInput, runBulk } from './run-bulk.ts'

const answerOf = (input: string): ToolAnswer => ({
  tool: 'dns',
  input,
  status: 'ok',
  result: null,
  lines: [],
  durationMs: 1,
})
const valid = (input: string): CheckedInput => ({ ok: true, body: { input } })
const spent: Refusal = { status: 429, type: 'rate_limited', message: 'Too many tool runs', retryAfterSeconds: 9 }

describe('runBulk()', () => {
  it('never has more runs in progress than its concurrency and answers every input once', async () => {
    const raw = Array.from({ length: 12 }, (_, i) => `host${i}.test`)
    let running = 0
    let most = 0
    const rows: BulkRow[] = []
    const summary = await runBulk({
      inputs: raw.map(valid),
      raw,
      concurrency: 3,
      signal: new AbortController().signal,
      admit: async () => ({ admitted: true, release: () => {} }),
      run: async (body) => {
        running += 1
        most = Math.max(most, running)
        await new Promise((resolve) => setTimeout(resolve, 5))
        running -= 1
        return answerOf(body.input)
      },
      onRow: (row) => rows.push(row),
    })
    expect(most).toBe(3)
    expect(rows.map((row) => row.index).sort((a, b) => a - b)).toEqual(raw.map((_, i) => i))
    expect(summary).toEqual({ done: true, total: 12, ok: 12, failed: 0, refused: 0, invalid: 0 })
  })

  it('reports bad inputs as rows without admitting them, and stops drawing on a spent budget', async () => {
    const raw = ['a.test', 'bad!', 'b.test', 'c.test', 'd.test']
    let admissions = 0
    const released: number[] = []
    const rows: BulkRow[] = []
    const summary = await runBulk({
      inputs: raw.map((input) => (input === 'bad!' ? { ok: false, message: 'Invalid domain format' } : valid(input))),
      raw,
      concurrency: 1,
      signal: new AbortController().signal,
      admit: async (): Promise<Admission> => {
        admissions += 1
        if (admissions > 2) return { admitted: false, refusal: spent }
        return { admitted: true, release: () => released.push(admissions) }
      },
      run: async (body) => answerOf(body.input),
      onRow: (row) => rows.push(row),
    })
    expect(admissions).toBe(3)
    expect(released).toEqual([1, 2])
    expect(rows[1]).toEqual({
      index: 1,
      input: 'bad!',
      error: { type: 'invalid_input', message: 'Invalid domain format' },
    })
    expect(rows.slice(3).map((row) => row.error)).toEqual([
      { type: 'rate_limited', message: 'Too many tool runs' },
      { type: 'rate_limited', message: 'Too many tool runs' },
    ])
    expect(summary).toEqual({ done: true, total: 5, ok: 2, failed: 0, refused: 2, invalid: 1 })
  })

  it('starts no more inputs once the client has gone away', async () => {
    const controller = new AbortController()
    const raw = ['a.test', 'b.test', 'c.test']
    const started: string[] = []
    await runBulk({
      inputs: raw.map(valid),
      raw,
      concurrency: 1,
      signal: controller.signal,
      admit: async () => ({ admitted: true, release: () => {} }),
      run: async (body) => {
        started.push(body.input)
        controller.abort()
        return answerOf(body.input)
      },
      onRow: () => {},
    })
    expect(started).toEqual(['a.test'])
  })
})
