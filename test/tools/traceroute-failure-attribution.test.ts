// Whose failure a failed traceroute is, and how it is worded: our resolver or our machine failing
// (mtr missing or unable to start, no route from here) is this server's side; only the path's
// silence is the target's. Captured mtr output is played back and the resolver is a stub on
// loopback: no probe leaves this machine.
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BinaryMissingError, type Launcher } from '../../src/diagnostics/net/launch-binary.ts'
import { createNet } from '../../src/diagnostics/net/net.ts'
import { createTracerouteDiagnostic, type TracerouteDeps } from '../../src/diagnostics/traceroute/run.ts'
import type { RunContext } from '../../src/diagnostics/types.ts'
import { type StubDns, startStubDns } from '../support/dns/stub-dns.ts'

const fixtures = new URL('../../src/diagnostics/traceroute/fixtures/', import.meta.url)

/** Plays mtr output back, from a captured fixture or given lines. */
function replay(source: { fixture: string } | { lines: string[] }, stream: 'stdout' | 'stderr' = 'stdout'): Launcher {
  return async (_file, _args, options) => {
    const text =
      'fixture' in source ? await readFile(new URL(`${source.fixture}.txt`, fixtures), 'utf8') : source.lines.join('\n')
    for (const line of text.split('\n')) options.onLine?.(line, stream)
    return {
      exitCode: 0,
      stdout: stream === 'stdout' ? text : '',
      stderr: stream === 'stderr' ? text : '',
      killed: false,
    }
  }
}

const neverLaunched: Launcher = async () => {
  throw new Error('mtr must not be launched')
}
const noAsn = async () => undefined

let servfail: StubDns
let nxdomain: StubDns
let scratch: string

beforeAll(async () => {
  servfail = await startStubDns('SERVFAIL')
  nxdomain = await startStubDns('NXDOMAIN')
  scratch = await mkdtemp(path.join(tmpdir(), 'traceroute-attribution-'))
})
afterAll(async () => {
  await Promise.all([servfail?.stop(), nxdomain?.stop()])
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

function trace(input: string, deps: TracerouteDeps, resolver = servfail.endpoint) {
  const net = createNet({ targetAllow: ['198.51.100.0/24', '203.0.113.0/24'], dnsServers: [resolver] })
  const ctx: RunContext = { signal: AbortSignal.timeout(10_000), net, progress: () => {} }
  return createTracerouteDiagnostic({ lookUpAsn: noAsn, ...deps }).run({ input }, ctx)
}

describe("traceroute failures on this server's side", () => {
  it('our resolver answering SERVFAIL for the name', async () => {
    const outcome = await trace('host.trace.test', { launch: neverLaunched })
    expect(outcome).toEqual({
      status: 'failed',
      failureSource: 'server',
      error: `This server's resolver ${servfail.endpoint} answered SERVFAIL for host.trace.test`,
    })
  })

  it('mtr not installed', async () => {
    const launch: Launcher = async () => {
      throw new BinaryMissingError('mtr is not installed')
    }
    const outcome = await trace('198.51.100.7', { launch })
    expect(outcome).toEqual({
      status: 'failed',
      failureSource: 'server',
      error: 'This server could not trace 198.51.100.7: mtr is not installed',
    })
  })

  it('an mtr binary this server cannot start', async () => {
    const binary = path.join(scratch, 'mtr')
    await writeFile(binary, '#!/bin/sh\nexit 0\n')
    await chmod(binary, 0o644)
    const outcome = await trace('198.51.100.7', { binary })
    expect(outcome).toEqual({
      status: 'failed',
      failureSource: 'server',
      error: `This server could not trace 198.51.100.7: ${binary} could not be started (EACCES)`,
    })
  })

  it('no route from this server to the address', async () => {
    const outcome = await trace('198.51.100.200', { launch: replay({ fixture: 'network-unreachable' }, 'stderr') })
    expect(outcome).toEqual({
      status: 'failed',
      failureSource: 'server',
      error: 'This server could not trace 198.51.100.200: udp socket connect failed: Network is unreachable',
    })
  })
})

describe('traceroute failures about the target', () => {
  it('a name that does not exist', async () => {
    const outcome = await trace('gone.trace.test', { launch: neverLaunched }, nxdomain.endpoint)
    expect(outcome).toEqual({
      status: 'failed',
      failureSource: 'target',
      error: `gone.trace.test does not exist (NXDOMAIN from resolver ${nxdomain.endpoint})`,
    })
  })

  it('no hop on the way answering', async () => {
    const outcome = await trace('203.0.113.200', { launch: replay({ lines: ['x 0 33000', 'x 1 33001', 'x 2 33002'] }) })
    expect(outcome).toMatchObject({
      status: 'failed',
      failureSource: 'target',
      error: 'No hop on the way to 203.0.113.200 answered',
    })
  })
})

describe('traceroute refused by the target policy', () => {
  it('a link-local address', async () => {
    const outcome = await trace('169.254.169.254', { launch: neverLaunched })
    expect(outcome).toMatchObject({ status: 'failed', failureSource: 'policy' })
    expect((outcome as { error: string }).error).toBe('169.254.169.254 is not allowed: cloud metadata / link-local')
  })
})
