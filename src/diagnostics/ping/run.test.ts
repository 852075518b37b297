import { readFileSync } from 'node:fs'
import type { Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { ConnectTimeoutError } from '../net/guarded-connect.ts'
import { BinaryMissingError, type Launcher } from '../net/launch-binary.ts'
import { createNet } from '../net/net.ts'
import type { RunContext } from '../types.ts'
import { createPingDiagnostic } from './run.ts'

const net = createNet({
  targetAllow: ['198.51.100.0/24', '203.0.113.0/24', '2001:db8::/32'],
  dnsServers: ['127.0.0.1:9'],
})
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.txt`, import.meta.url), 'utf8')

/** Plays captured ping output back line by line, recording every call. */
function replay(name: string, exitCode = 0) {
  const calls: Array<{ file: string; args: readonly string[] }> = []
  const launch: Launcher = async (file, args, options) => {
    calls.push({ file, args })
    const text = fixture(name)
    for (const line of text.split('\n')) options.onLine?.(line, 'stdout')
    return { exitCode, stdout: text, stderr: '', killed: false }
  }
  return { launch, calls }
}

function context() {
  const progress: unknown[] = []
  const ctx: RunContext = { signal: new AbortController().signal, net, progress: (p) => progress.push(p) }
  return { ctx, progress }
}

const fakeSocket = { destroy() {} } as unknown as Socket

describe('ping run()', () => {
  it('launches ping with the checked address as the last argument', async () => {
    const { launch, calls } = replay('ipv4-success')
    const { ctx } = context()
    await createPingDiagnostic({ launch }).run({ input: '203.0.113.10' }, ctx)
    expect(calls).toHaveLength(1)
    expect(calls[0]?.file).toBe('ping')
    expect(calls[0]?.args.slice(-2)).toEqual(['--', '203.0.113.10'])
    expect(calls[0]?.args[calls[0].args.indexOf('-c') + 1]).toBe('4')
  })

  it('streams each reply as progress, a late reply after its "no answer yet"', async () => {
    const { launch } = replay('ipv4-partial-loss')
    const { ctx, progress } = context()
    const outcome = await createPingDiagnostic({ launch }).run({ input: '203.0.113.10', options: { count: 6 } }, ctx)
    expect(progress[0]).toEqual({
      type: 'start',
      host: '203.0.113.10',
      address: '203.0.113.10',
      family: 4,
      mode: 'icmp',
      count: 6,
    })
    const seen = progress.slice(1).map((p) => {
      const { reply } = p as { reply: { seq: number; status: string } }
      return `${reply.seq}:${reply.status}`
    })
    expect(seen).toEqual(['1:reply', '2:reply', '3:timeout', '3:reply', '4:timeout', '5:timeout', '5:reply'])
    expect(outcome.status).toBe('ok')
  })

  it('returns the statistics ping printed', async () => {
    const { launch } = replay('ipv4-success')
    const outcome = await createPingDiagnostic({ launch }).run({ input: '203.0.113.10' }, context().ctx)
    if (outcome.status !== 'ok') throw new Error('expected ok')
    expect(outcome.result.summary).toMatchObject({ sent: 4, received: 4, lossPercent: 0, minMs: 0.053, avgMs: 0.062 })
  })

  it('reports 100% loss as a failed target, keeping the result', async () => {
    const { launch } = replay('ipv4-total-loss', 1)
    const outcome = await createPingDiagnostic({ launch }).run({ input: '203.0.113.200' }, context().ctx)
    expect(outcome).toMatchObject({
      status: 'failed',
      failureSource: 'target',
      error: 'No reply from 203.0.113.200 (100% packet loss)',
      result: { summary: { sent: 4, received: 0 } },
    })
  })

  it('names the ICMP error when every probe failed with one', async () => {
    const { launch } = replay('ipv4-host-unreachable', 1)
    const outcome = await createPingDiagnostic({ launch }).run({ input: '198.51.100.20' }, context().ctx)
    expect(outcome).toMatchObject({
      error: 'No reply from 198.51.100.20: Destination Host Unreachable (100% packet loss)',
    })
  })

  it("reports ping refusing to start (no route from here) as this server's failure", async () => {
    const { launch } = replay('network-unreachable', 2)
    const outcome = await createPingDiagnostic({ launch }).run({ input: '198.51.100.200' }, context().ctx)
    expect(outcome).toEqual({
      status: 'failed',
      failureSource: 'server',
      error: 'This server could not ping 198.51.100.200: connect: Network is unreachable',
    })
  })

  it('never launches ping for an address the policy denies', async () => {
    const { launch, calls } = replay('ipv4-success')
    const outcome = await createPingDiagnostic({ launch }).run({ input: '127.0.0.1' }, context().ctx)
    expect(outcome).toMatchObject({ status: 'failed', failureSource: 'policy' })
    expect(calls).toHaveLength(0)
  })

  it('falls back to timed TCP connections when ping is not installed', async () => {
    const launch: Launcher = async () => {
      throw new BinaryMissingError('ping is not installed')
    }
    const ports: number[] = []
    const connect = async (o: { port: number }) => {
      ports.push(o.port)
      return fakeSocket
    }
    const { ctx, progress } = context()
    const outcome = await createPingDiagnostic({ launch, connect, intervalSec: 0.01 }).run(
      { input: '203.0.113.10', options: { count: 2 } },
      ctx,
    )
    if (outcome.status !== 'ok') throw new Error('expected ok')
    expect(outcome.result.mode).toBe('tcp')
    expect(outcome.result.notes).toEqual([
      'ICMP ping is not available on this server; timed TCP connections to port 443 instead.',
    ])
    expect(ports).toEqual([443, 443])
    expect(
      progress.filter((p) => (p as { type: string }).type === 'start').map((p) => (p as { mode: string }).mode),
    ).toEqual(['icmp', 'tcp'])
  })
})

describe('ping run() in TCP mode', () => {
  it('counts a refused connection as an answer and a timeout as a loss', async () => {
    const answers = [
      () => Promise.resolve(fakeSocket),
      () => Promise.reject(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })),
      () => Promise.reject(new ConnectTimeoutError('no connection within 2000 ms')),
      () => Promise.reject(Object.assign(new Error('unreachable'), { code: 'EHOSTUNREACH' })),
    ]
    const connect = () => {
      const next = answers.shift()
      if (!next) throw new Error('more connects than probes')
      return next()
    }
    const diagnostic = createPingDiagnostic({ connect, intervalSec: 0.01 })
    const outcome = await diagnostic.run(
      { input: '203.0.113.10', options: { mode: 'tcp', port: 25, count: 4 } },
      context().ctx,
    )
    if (outcome.status !== 'ok') throw new Error('expected ok')
    const { replies, summary, port } = outcome.result
    expect(port).toBe(25)
    expect(replies.map((r) => [r.status, r.detail])).toEqual([
      ['reply', 'port open'],
      ['reply', 'connection refused'],
      ['timeout', undefined],
      ['error', 'No route to host'],
    ])
    expect(summary).toMatchObject({ sent: 4, received: 2, errors: 1, lossPercent: 50 })
    expect(diagnostic.lines(outcome.result)[0]).toBe('TCP PING 203.0.113.10 (203.0.113.10) port 25')
  })
})
