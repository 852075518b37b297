// Whose failure a failed ping is, and how it is worded: our resolver or our machine failing (no
// route from here, a ping binary that will not start) is this server's side; only what the target
// did or did not answer is the target's. Captured ping output is played back and the resolver is a
// stub on loopback: no probe leaves this machine.
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConnectTimeoutError } from '../../src/diagnostics/net/guarded-connect.ts'
import type { Launcher } from '../../src/diagnostics/net/launch-binary.ts'
import { createNet } from '../../src/diagnostics/net/net.ts'
import { createPingDiagnostic, type PingDeps } from '../../src/diagnostics/ping/run.ts'
import type { RunContext } from '../../src/diagnostics/types.ts'
import { type StubDns, startStubDns } from '../support/dns/stub-dns.ts'

const fixtures = new URL('../../src/diagnostics/ping/fixtures/', import.meta.url)

/** Plays a captured ping output back as the launched binary's. */
function replay(name: string, exitCode: number): Launcher {
  return async (_file, _args, options) => {
    const text = await readFile(new URL(`${name}.txt`, fixtures), 'utf8')
    for (const line of text.split('\n')) options.onLine?.(line, 'stdout')
    return { exitCode, stdout: text, stderr: '', killed: false }
  }
}

let servfail: StubDns
let nxdomain: StubDns
let scratch: string

beforeAll(async () => {
  servfail = await startStubDns('SERVFAIL')
  nxdomain = await startStubDns('NXDOMAIN')
  scratch = await mkdtemp(path.join(tmpdir(), 'ping-attribution-'))
})
afterAll(async () => {
  await Promise.all([servfail?.stop(), nxdomain?.stop()])
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

function ping(input: string, deps: PingDeps, resolver = servfail.endpoint, options = {}) {
  const net = createNet({ targetAllow: ['198.51.100.0/24', '203.0.113.0/24'], dnsServers: [resolver] })
  const ctx: RunContext = { signal: AbortSignal.timeout(10_000), net, progress: () => {} }
  return createPingDiagnostic(deps).run({ input, options }, ctx)
}

const neverLaunched: Launcher = async () => {
  throw new Error('ping must not be launched')
}

describe("ping failures on this server's side", () => {
  it('our resolver answering SERVFAIL for the name', async () => {
    const outcome = await ping('host.ping.test', { launch: neverLaunched })
    expect(outcome).toEqual({
      status: 'failed',
      failureSource: 'server',
      error: `This server's resolver ${servfail.endpoint} answered SERVFAIL for host.ping.test`,
    })
  })

  it('no route from this server to the address', async () => {
    const outcome = await ping('198.51.100.200', { launch: replay('network-unreachable', 2) })
    expect(outcome).toEqual({
      status: 'failed',
      failureSource: 'server',
      error: 'This server could not ping 198.51.100.200: connect: Network is unreachable',
    })
  })

  it('a ping binary this server cannot start', async () => {
    const binary = path.join(scratch, 'ping')
    await writeFile(binary, '#!/bin/sh\nexit 0\n')
    await chmod(binary, 0o644)
    const outcome = await ping('198.51.100.7', { binary })
    expect(outcome).toEqual({
      status: 'failed',
      failureSource: 'server',
      error: `This server could not ping 198.51.100.7: ${binary} could not be started (EACCES)`,
    })
  })

  it('every TCP connection refused by this machine itself', async () => {
    const connect = () => Promise.reject(Object.assign(new Error('denied'), { code: 'EPERM' }))
    const outcome = await ping('203.0.113.10', { connect, intervalSec: 0.01 }, servfail.endpoint, {
      mode: 'tcp',
      count: 2,
    })
    expect(outcome).toMatchObject({
      status: 'failed',
      failureSource: 'server',
      error: 'This server may not open connections to 203.0.113.10 port 443: Operation not permitted',
    })
  })
})

describe('ping failures about the target', () => {
  it('a name that does not exist', async () => {
    const outcome = await ping('gone.ping.test', { launch: neverLaunched }, nxdomain.endpoint)
    expect(outcome).toEqual({
      status: 'failed',
      failureSource: 'target',
      error: `gone.ping.test does not exist (NXDOMAIN from resolver ${nxdomain.endpoint})`,
    })
  })

  it('no echo reply at all', async () => {
    const outcome = await ping('203.0.113.200', { launch: replay('ipv4-total-loss', 1) })
    expect(outcome).toMatchObject({
      status: 'failed',
      failureSource: 'target',
      error: 'No reply from 203.0.113.200 (100% packet loss)',
    })
  })

  it('an ICMP error in place of every reply', async () => {
    const outcome = await ping('198.51.100.20', { launch: replay('ipv4-host-unreachable', 1) })
    expect(outcome).toMatchObject({
      status: 'failed',
      failureSource: 'target',
      error: 'No reply from 198.51.100.20: Destination Host Unreachable (100% packet loss)',
    })
  })

  it('no TCP connection accepted within the wait', async () => {
    const connect = () => Promise.reject(new ConnectTimeoutError('no connection within 2000 ms'))
    const outcome = await ping('203.0.113.10', { connect, intervalSec: 0.01 }, servfail.endpoint, {
      mode: 'tcp',
      count: 2,
    })
    expect(outcome).toMatchObject({
      status: 'failed',
      failureSource: 'target',
      error: 'No reply from 203.0.113.10 (100% packet loss)',
    })
  })
})

describe('ping refused by the target policy', () => {
  it('a loopback address', async () => {
    const outcome = await ping('127.0.0.1', { launch: neverLaunched })
    expect(outcome).toEqual({ status: 'failed', failureSource: 'policy', error: '127.0.0.1 is not allowed: loopback' })
  })
})
