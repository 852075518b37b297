import { describe, expect, it } from 'vitest'
import { type ProtocolProbe, protocolCoverage } from './schema.ts'

const probe = (
  protocol: ProtocolProbe['protocol'],
  label: string,
  status: ProtocolProbe['status'],
  note: string | null = null,
) => ({ protocol, label, status, cipher: null, note }) as ProtocolProbe

describe('protocolCoverage()', () => {
  it('counts the versions tested', () => {
    expect(
      protocolCoverage([
        probe('TLSv1.3', 'TLS 1.3', 'accepted'),
        probe('TLSv1.2', 'TLS 1.2', 'accepted'),
        probe('TLSv1', 'TLS 1.0', 'rejected'),
      ]),
    ).toBe('3 protocol versions tested: 2 accepted, 1 rejected')
  })

  it('names a version that could not be tested, with why, as not covered by the grade', () => {
    expect(
      protocolCoverage([
        probe('TLSv1.3', 'TLS 1.3', 'accepted'),
        probe('TLSv1.1', 'TLS 1.1', 'not-tested', 'could not connect (ECONNRESET)'),
        probe('SSLv2', 'SSL 2.0', 'not-tested', "this server's TLS library cannot offer it"),
      ]),
    ).toBe(
      "1 protocol version tested: 1 accepted, 0 rejected; not tested, so not covered by the grade: TLS 1.1 (could not connect (ECONNRESET)), SSL 2.0 (this server's TLS library cannot offer it)",
    )
  })
})
