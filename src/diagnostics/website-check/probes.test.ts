import { describe, expect, it } from 'vitest'
import { TlsHandshakeError } from '../net/guarded-tls.ts'
import { describeTlsFailure } from '../net/tls-failure-words.ts'
import { exchangeFailure } from './probes.ts'

const url = new URL('https://site.test/.well-known/security.txt')

describe('exchangeFailure()', () => {
  it('calls a handshake stopped by the probe deadline no answer in time, the deadline being an abort with a DOMException reason', () => {
    const reason = new DOMException('The operation timed out.', 'TimeoutError')
    const error = new TlsHandshakeError('TLS handshake aborted', 'ABORT_ERR', { cause: reason })
    expect(exchangeFailure(error, url)).toEqual({
      ok: false,
      failureSource: 'target',
      error: 'no answer from site.test port 443 in time',
    })
  })

  it('calls a handshake past its own deadline no answer in time', () => {
    const error = new TlsHandshakeError('no TLS handshake within 1000 ms', 'ETIMEDOUT')
    expect(exchangeFailure(error, url).error).toBe('no answer from site.test port 443 in time')
  })

  it('says why a handshake the server refused failed', () => {
    const cause = Object.assign(new Error('alert'), { code: 'ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION' })
    const error = new TlsHandshakeError('TLS handshake failed', cause.code, { cause })
    expect(exchangeFailure(error, url).error).toMatch(/^TLS handshake with site\.test port 443 failed: /)
  })
})

describe('describeTlsFailure()', () => {
  it('reads a numeric code (a DOMException) as no code at all', () => {
    expect(describeTlsFailure(new DOMException('The operation was aborted.', 'AbortError'))).toBe(
      'the handshake failed',
    )
  })
})
