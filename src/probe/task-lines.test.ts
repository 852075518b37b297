import { describe, expect, it } from 'vitest'
import { createLineAllowance, PROBE_LINE_CAPS, type ProbeLine } from '../shared/probe-protocol.ts'
import { createTaskLines } from './task-lines.ts'

const reply = (seq: number) => ({
  type: 'reply',
  reply: { seq, status: 'reply', from: '127.0.0.1', bytes: 64, ttl: 64, timeMs: 0.05 },
})
const start = { type: 'start', host: 'h', address: '127.0.0.1', family: 4, mode: 'icmp', count: 1 }

describe('createTaskLines()', () => {
  it("numbers each task's lines from 0 and sends nothing for a tool without lines", () => {
    const sent: ProbeLine[] = []
    const lines = createTaskLines((line) => sent.push(line) > 0)
    expect(lines.listen('m1:0', 'dns')).toBeUndefined()
    const first = lines.listen('m1:0', 'ping')
    const second = lines.listen('m1:1', 'ping')
    first?.(start)
    second?.(start)
    first?.(reply(1))
    expect(sent.map(({ taskId, seq }) => `${taskId} ${seq}`)).toEqual(['m1:0 0', 'm1:1 0', 'm1:0 1'])
    expect(sent[2]?.line).toBe('64 bytes from 127.0.0.1: icmp_seq=1 ttl=64 time=0.050 ms')
  })

  it(`stops a task at ${PROBE_LINE_CAPS.perTask} lines, cuts long ones, and keeps to the connection's burst`, () => {
    const sent: ProbeLine[] = []
    // The connection's allowance on a clock that stands still: every line below comes at the same
    // instant (on the real clock a loaded machine let a token refill between two of them).
    const lines = createTaskLines(
      (line) => sent.push(line) > 0,
      createLineAllowance(() => 0),
    )
    const long = lines.listen('m2:0', 'ping')
    long?.({ ...start, host: 'x'.repeat(1000) })
    expect(sent[0]?.line).toHaveLength(PROBE_LINE_CAPS.length)
    for (let seq = 1; seq <= PROBE_LINE_CAPS.perTask + 10; seq += 1) long?.(reply(seq))
    // The burst allows PROBE_LINE_CAPS.burst lines at once; the rest of this instant's lines are dropped.
    expect(sent).toHaveLength(PROBE_LINE_CAPS.burst)
    expect(sent.at(-1)?.seq).toBe(PROBE_LINE_CAPS.burst - 1)

    const unlimited: ProbeLine[] = []
    const capped = createTaskLines(
      (line) => unlimited.push(line) > 0,
      () => true,
    ).listen('m3:0', 'ping')
    capped?.(start)
    for (let seq = 1; seq <= PROBE_LINE_CAPS.perTask + 10; seq += 1) capped?.(reply(seq))
    expect(unlimited).toHaveLength(PROBE_LINE_CAPS.perTask)
    expect(unlimited.at(-1)?.seq).toBe(PROBE_LINE_CAPS.perTask - 1)
  })
})
