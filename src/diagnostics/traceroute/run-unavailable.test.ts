import { describe, expect, it } from 'vitest'
import { BinaryMissingError } from '../net/launch-binary.ts'
import { createNet } from '../net/net.ts'
import { ToolUnavailableError } from '../types.ts'
import { createTracerouteDiagnostic } from './run.ts'

describe('traceroute without mtr', () => {
  it('says the tool is unavailable on this server instead of failing the target', async () => {
    const diagnostic = createTracerouteDiagnostic({
      launch: async () => {
        throw new BinaryMissingError('mtr not found')
      },
    })
    const net = createNet({ targetAllow: ['198.51.100.0/24'], dnsServers: ['127.0.0.1:9'], ownAddresses: [] })
    const run = diagnostic.run(
      { input: '198.51.100.7' },
      { signal: AbortSignal.timeout(5000), net, progress: () => {} },
    )
    await expect(run).rejects.toThrow(ToolUnavailableError)
    await expect(run).rejects.toThrow('Traceroute is not available on this server: mtr is not installed')
  })
})
