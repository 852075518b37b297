import { describe, expect, it } from 'vitest'
import type { PingResult } from '../../../shared/tools/ping/schema.ts'
import { foldPingProgress, pingView } from './ping-live.ts'

const start = { type: 'start', host: 'srv.lab.test', address: '203.0.113.10', family: 4, mode: 'icmp', count: 3 }
const reply = (seq: number, patch: object = {}) => ({
  type: 'reply',
  reply: { seq, status: 'reply', from: '203.0.113.10', timeMs: seq, ...patch },
})

describe('foldPingProgress()', () => {
  it('collects replies in sequence order under the announced target', () => {
    const view = foldPingProgress([start, reply(2), reply(1)])
    expect(view).toMatchObject({ host: 'srv.lab.test', count: 3 })
    expect(view.replies.map((r) => r.seq)).toEqual([1, 2])
  })

  it('replaces a "no answer yet" by the late reply for the same probe', () => {
    const view = foldPingProgress([
      start,
      { type: 'reply', reply: { seq: 1, status: 'timeout' } },
      reply(1, { timeMs: 1020 }),
    ])
    expect(view.replies).toEqual([{ seq: 1, status: 'reply', from: '203.0.113.10', timeMs: 1020 }])
  })

  it('keeps duplicates beside the original reply', () => {
    expect(foldPingProgress([start, reply(1), reply(1, { duplicate: true })]).replies).toHaveLength(2)
  })

  it('starts over when a second start announces a fall back to TCP', () => {
    const view = foldPingProgress([start, reply(1), { ...start, mode: 'tcp', port: 443 }])
    expect(view).toMatchObject({ mode: 'tcp', port: 443, replies: [] })
  })

  it('skips events it cannot read', () => {
    expect(foldPingProgress([{ type: 'bogus' }, 42]).replies).toEqual([])
  })
})

describe('pingView()', () => {
  it('prefers the final result over the streamed events', () => {
    const result: PingResult = {
      host: 'srv.lab.test',
      address: '203.0.113.10',
      family: 4,
      mode: 'icmp',
      replies: [{ seq: 1, status: 'timeout' }],
      summary: {
        sent: 1,
        received: 0,
        errors: 0,
        duplicates: 0,
        lossPercent: 100,
        minMs: null,
        avgMs: null,
        maxMs: null,
        mdevMs: null,
        timeMs: 1000,
      },
      notes: [],
    }
    expect(pingView([start, reply(1)], result)).toMatchObject({ count: 1, replies: [{ seq: 1, status: 'timeout' }] })
  })
})
