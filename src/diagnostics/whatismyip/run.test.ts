import { describe, expect, it } from 'vitest'
import { whatismyipDiagnostic } from './run.ts'

const ctx = (clientIp: string | undefined) =>
  ({ clientIp, signal: new AbortController().signal, progress: () => undefined }) as unknown as Parameters<
    typeof whatismyipDiagnostic.run
  >[1]

describe('whatismyipDiagnostic', () => {
  it("says it is this server's failure when it could not tell the caller's address", async () => {
    expect(await whatismyipDiagnostic.run({ input: '' }, ctx(undefined))).toEqual({
      status: 'failed',
      failureSource: 'server',
      error: 'This server could not tell your IP address',
    })
    expect(await whatismyipDiagnostic.run({ input: '' }, ctx('not-an-address'))).toMatchObject({
      failureSource: 'server',
    })
  })
})
