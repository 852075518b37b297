import { describe, expect, it } from 'vitest'
import {
  allDefaultTypesLabel,
  defaultTypesHint,
  initialDnsControls,
  OTHER_TYPE,
  otherTypeMissing,
  readDnsOptions,
  resolverChoices,
} from './dns-options.ts'

const withControls = (patch: Partial<typeof initialDnsControls>) => readDnsOptions({ ...initialDnsControls, ...patch })

describe('readDnsOptions()', () => {
  it('sends no options for the defaults', () => {
    expect(withControls({ server: '  ' })).toEqual({ ok: true, value: {} })
  })

  it('passes a chosen type and a trimmed custom resolver', () => {
    expect(withControls({ type: 'MX', server: ' 198.51.100.53:5353 ' })).toEqual({
      ok: true,
      value: { type: 'MX', server: '198.51.100.53:5353' },
    })
  })

  it('accepts a bracketed IPv6 resolver with a port', () => {
    expect(withControls({ server: '[2001:db8::53]:53' })).toMatchObject({ ok: true })
  })

  it('passes a public resolver, trace and DNSSEC when chosen', () => {
    expect(withControls({ resolver: 'quad9', dnssec: true })).toEqual({
      ok: true,
      value: { resolver: 'quad9', dnssec: true },
    })
    expect(withControls({ trace: true })).toEqual({ ok: true, value: { trace: true } })
  })

  it('sends a propagation check alone: resolver, server and trace are set aside', () => {
    expect(
      withControls({ propagation: true, trace: true, resolver: 'google', server: '198.51.100.53', type: 'A' }),
    ).toEqual({ ok: true, value: { type: 'A', propagation: true } })
  })

  it('sets the resolver controls aside when tracing', () => {
    expect(withControls({ trace: true, resolver: 'google', server: '198.51.100.53' })).toEqual({
      ok: true,
      value: { trace: true },
    })
  })

  it("rejects a resolver that is not an address with the shared schema's message", () => {
    expect(withControls({ server: 'dns.example' })).toEqual({
      ok: false,
      message: 'Resolver must be an IP address, optionally with :port',
    })
  })

  it('rejects a public resolver together with a custom server', () => {
    expect(withControls({ resolver: 'google', server: '198.51.100.53' })).toEqual({
      ok: false,
      message: 'Choose either a public resolver or a custom server',
    })
  })
})

describe('DNS control labels', () => {
  it('names the default set of types', () => {
    expect(allDefaultTypesLabel).toBe('All default types')
    expect(defaultTypesHint).toBe('Default: A, AAAA, MX, NS, TXT, CNAME')
  })

  it("offers this server's resolver first", () => {
    expect(resolverChoices[0]).toEqual({ value: 'system', label: "This server's resolver" })
  })
})

describe('readDnsOptions() with a type the picker does not list', () => {
  it('sends the typed type in its canonical form', () => {
    expect(withControls({ type: OTHER_TYPE, otherType: ' type65 ' })).toEqual({ ok: true, value: { type: 'HTTPS' } })
    expect(withControls({ type: OTHER_TYPE, otherType: 'TYPE65534' })).toEqual({
      ok: true,
      value: { type: 'TYPE65534' },
    })
  })

  it('asks for a type when none is typed', () => {
    expect(withControls({ type: OTHER_TYPE, otherType: ' ' })).toEqual({ ok: false, message: otherTypeMissing })
  })

  it("rejects an unknown name with the shared schema's message", () => {
    expect(withControls({ type: OTHER_TYPE, otherType: 'BOGUS' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('Unknown record type "BOGUS"'),
    })
  })
})
