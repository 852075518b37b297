import { describe, expect, it } from 'vitest'
import type { IpLiteral } from './ip-literal.ts'
import { pickAddress, resolveProbeTarget } from './pick-address.ts'
import type { TargetResolution } from './resolve-target.ts'

const v4: IpLiteral = { address: '203.0.113.10', family: 4 }
const v6: IpLiteral = { address: '2001:db8::10', family: 6 }
const resolved = (addresses: IpLiteral[]) => ({ ok: true as const, host: 'srv.lab.test', addresses })

/** A net whose resolver answers `resolution` and records what it was asked. */
function netAnswering(resolution: TargetResolution) {
  const asked: unknown[] = []
  const net = {
    resolveTarget: async (host: string, options: { family?: 4 | 6 | 'any' }) => {
      asked.push({ host, family: options.family })
      return resolution
    },
  }
  return { net, asked }
}

describe('pickAddress()', () => {
  it('takes the first address of the asked family', () => {
    expect(pickAddress(resolved([v4, v6]), 6)).toEqual(v6)
  })

  it('takes the first address when no family is asked or none matches', () => {
    expect(pickAddress(resolved([v6, v4]))).toEqual(v6)
    expect(pickAddress(resolved([v4]), 6)).toEqual(v4)
  })

  it('returns undefined when there is no address', () => {
    expect(pickAddress(resolved([]), 4)).toBeUndefined()
  })
})

describe('resolveProbeTarget()', () => {
  const signal = new AbortController().signal

  it('asks for the chosen family only and returns the host with the picked address', async () => {
    const { net, asked } = netAnswering(resolved([v6]))
    await expect(resolveProbeTarget({ net, signal }, { host: 'srv.lab.test', family: 6 }, 'ping')).resolves.toEqual({
      ok: true,
      host: 'srv.lab.test',
      address: v6,
    })
    expect(asked).toEqual([{ host: 'srv.lab.test', family: 6 }])
  })

  it('asks for any family when none is chosen', async () => {
    const { net, asked } = netAnswering(resolved([v4]))
    await resolveProbeTarget({ net, signal }, { host: 'srv.lab.test' }, 'trace')
    expect(asked).toEqual([{ host: 'srv.lab.test', family: 'any' }])
  })

  it('passes a failed resolution on unchanged', async () => {
    const failure = {
      ok: false as const,
      failureSource: 'target' as const,
      error: expect.stringMatching(/^nx\.lab\.test does not exist \(NXDOMAIN from resolver [\d.:[\]a-f]+\)$/),
    }
    const { net } = netAnswering(failure)
    await expect(resolveProbeTarget({ net, signal }, { host: 'nx.lab.test' }, 'ping')).resolves.toEqual(failure)
  })

  it('names the probe when the host has no address', async () => {
    const { net } = netAnswering(resolved([]))
    await expect(resolveProbeTarget({ net, signal }, { host: 'srv.lab.test' }, 'trace')).resolves.toEqual({
      ok: false,
      failureSource: 'target',
      error: 'srv.lab.test has no address to trace',
    })
  })
})
