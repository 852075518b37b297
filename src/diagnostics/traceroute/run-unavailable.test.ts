import { describe, expect, it } from 'vitest'
import { BinaryMissingError } from '../net/launch-binary.ts'
import { createNet } from '../net/net.ts'
import { createTracerouteDiagnostic } from './run.ts'

describe('traceroute without mtr', () => {
  it("says mtr is missing on this server, as this server's failure", async () => {
    const diagnostic = createTracerouteDiagnostic({
      launch: async () => {
        throw new BinaryMissingError('mtr is not installed')
      },
    })
    const net = createNet({ targetAllow: ['198.51.100.0/24'], dnsServers: ['127.0.0.1:9'], ownAddresses: [] })
    const outcome = await diagnostic.run(
      { input: '198.51.100.7' },
      { signal: AbortSignal.timeout(5000), net, progress: () => {} },
    )
    expect(outcome).toEqual({
      status: 'failed',
      failureSource: 'server',
      error: 'This server could not trace 198.51.100.7: mtr is not installed',
    })
  })
})
