import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { probeIdOf, seenAddressOf } from './probe-server.ts'

const handshake = (remoteAddress: string, forwardedFor?: string) =>
  ({
    socket: { remoteAddress },
    connection: { remoteAddress },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  }) as unknown as IncomingMessage

describe('seenAddressOf()', () => {
  it('takes the peer address when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(seenAddressOf(handshake('198.51.100.7', '203.0.113.9'), false)).toBe('198.51.100.7')
  })

  it('takes the forwarded address from a trusted proxy', () => {
    expect(seenAddressOf(handshake('127.0.0.1', '203.0.113.9'), ['127.0.0.1'])).toBe('203.0.113.9')
    expect(seenAddressOf(handshake('127.0.0.1', '203.0.113.9'), true)).toBe('203.0.113.9')
  })

  it('does not take X-Forwarded-For from a peer that is not a trusted proxy', () => {
    expect(seenAddressOf(handshake('198.51.100.7', '203.0.113.9'), ['127.0.0.1'])).toBe('198.51.100.7')
  })
})

describe('probeIdOf()', () => {
  it('is the token name, with the probe name after it when they differ', () => {
    expect(probeIdOf('lab-near', undefined)).toBe('lab-near')
    expect(probeIdOf('lab-near', 'Lab Near')).toBe('lab-near')
    expect(probeIdOf('fleet', 'Frankfurt 1')).toBe('fleet--frankfurt-1')
  })
})
