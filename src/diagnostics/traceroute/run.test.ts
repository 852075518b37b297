import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { TracerouteProgress } from '../../shared/tools/traceroute/schema.ts'
import type { Launcher } from '../net/launch-binary.ts'
import { createNet } from '../net/net.ts'
import type { RunContext } from '../types.ts'
import { createTracerouteDiagnostic } from './run.ts'

// No resolver: hop names are not looked up, so nothing leaves this process.
const net = createNet({
  targetAllow: ['198.51.100.0/24', '203.0.113.0/24', '2001:db8::/32'],
  dnsServers: [],
  systemResolvers: [],
})
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.txt`, import.meta.url), 'utf8')

function replay(name: string, stream: 'stdout' | 'stderr' = 'stdout') {
  const calls: Array<{ file: string; args: readonly string[] }> = []
  const launch: Launcher = async (file, args, options) => {
    calls.push({ file, args })
    const text = fixture(name)
    for (const line of text.split('\n')) options.onLine?.(line, stream)
    return {
      exitCode: 0,
      stdout: stream === 'stdout' ? text : '',
      stderr: stream === 'stderr' ? text : '',
      killed: false,
    }
  }
  return { launch, calls }
}

function context() {
  const progress: TracerouteProgress[] = []
  const ctx: RunContext = {
    signal: new AbortController().signal,
    net,
    progress: (p) => progress.push(p as TracerouteProgress),
  }
  return { ctx, progress }
}

const noAsn = async () => undefined

describe('traceroute run()', () => {
  it('launches mtr with the checked address last and 30 hops max', async () => {
    const { launch, calls } = replay('ipv4-reached')
    await createTracerouteDiagnostic({ launch, lookUpAsn: noAsn }).run({ input: '203.0.113.10' }, context().ctx)
    expect(calls[0]?.file).toBe('mtr')
    expect(calls[0]?.args.slice(-2)).toEqual(['--', '203.0.113.10'])
    expect(calls[0]?.args[calls[0].args.indexOf('-m') + 1]).toBe('30')
  })

  it('streams hops as mtr finds them, never past the target', async () => {
    const { launch } = replay('ipv4-reached')
    const { ctx, progress } = context()
    await createTracerouteDiagnostic({ launch, lookUpAsn: noAsn }).run({ input: '203.0.113.10' }, ctx)
    expect(progress[0]).toMatchObject({ type: 'start', address: '203.0.113.10', maxHops: 30, packetBytes: 60 })
    const hops = progress.flatMap((p) => (p.type === 'hop' ? [p.hop.hop] : []))
    expect(hops.slice(0, 4)).toEqual([1, 1, 2, 2])
    expect(Math.max(...hops)).toBe(3)
  })

  it('renders the product header and one line per hop', async () => {
    const { launch } = replay('ipv4-reached')
    const diagnostic = createTracerouteDiagnostic({ launch, lookUpAsn: noAsn })
    const outcome = await diagnostic.run({ input: '203.0.113.10' }, context().ctx)
    if (outcome.status !== 'ok') throw new Error('expected ok')
    const lines = diagnostic.lines(outcome.result)
    expect(lines[0]).toBe('traceroute to 203.0.113.10 (203.0.113.10), 30 hops max, 60 byte packets')
    expect(lines.slice(2).map((l) => l.trim().split(/\s+/).slice(0, 2))).toEqual([
      ['1', '198.51.100.1'],
      ['2', '198.51.100.66'],
      ['3', '203.0.113.10'],
    ])
  })

  it('adds the origin AS of each hop address', async () => {
    const { launch } = replay('ipv4-reached')
    const lookUpAsn = async (a: { address: string }) =>
      a.address === '198.51.100.66' ? { number: 64500, name: 'LAB-NET' } : undefined
    const outcome = await createTracerouteDiagnostic({ launch, lookUpAsn }).run(
      { input: '203.0.113.10' },
      context().ctx,
    )
    if (outcome.status !== 'ok') throw new Error('expected ok')
    expect(outcome.result.hops.map((h) => h.asn?.number)).toEqual([undefined, 64500, undefined])
  })

  it('is ok with a silent hop at the end when the target never answers', async () => {
    const { launch } = replay('ipv4-unreached')
    const diagnostic = createTracerouteDiagnostic({ launch, lookUpAsn: noAsn })
    const outcome = await diagnostic.run({ input: '203.0.113.200' }, context().ctx)
    if (outcome.status !== 'ok') throw new Error('expected ok')
    expect(outcome.result.reached).toBe(false)
    const lines = diagnostic.lines(outcome.result)
    expect(lines.at(-2)).toMatch(/^ 2 {2}\* \* \* +100\.0% +3$/)
    expect(lines.at(-1)).toBe('203.0.113.200 did not answer')
  })

  it("reports mtr refusing to start (no route from here) as this server's failure", async () => {
    const { launch } = replay('network-unreachable', 'stderr')
    const outcome = await createTracerouteDiagnostic({ launch, lookUpAsn: noAsn }).run(
      { input: '198.51.100.200' },
      context().ctx,
    )
    expect(outcome).toEqual({
      status: 'failed',
      failureSource: 'server',
      error: 'This server could not trace 198.51.100.200: udp socket connect failed: Network is unreachable',
    })
  })

  it('never launches mtr for an address the policy denies', async () => {
    const { launch, calls } = replay('ipv4-reached')
    const outcome = await createTracerouteDiagnostic({ launch }).run({ input: '169.254.169.254' }, context().ctx)
    expect(outcome).toMatchObject({ status: 'failed', failureSource: 'policy' })
    expect(calls).toHaveLength(0)
  })

  it('passes TCP probes with port 80 unless another is chosen', async () => {
    const { launch, calls } = replay('tcp-closed-port')
    const outcome = await createTracerouteDiagnostic({ launch, lookUpAsn: noAsn }).run(
      { input: '203.0.113.10', options: { protocol: 'tcp' } },
      context().ctx,
    )
    expect(calls[0]?.args).toEqual(expect.arrayContaining(['--tcp', '-P', '80']))
    expect(outcome).toMatchObject({ status: 'ok', result: { protocol: 'tcp', port: 80, reached: true } })
  })
})
