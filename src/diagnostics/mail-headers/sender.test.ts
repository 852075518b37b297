import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createTargetPolicy } from '../net/policy.ts'
import { readAuthStatements } from './auth-results.ts'
import { splitHeaderFields } from './header-fields.ts'
import { buildHops } from './hops.ts'
import { envelopeSender, externalHop } from './sender.ts'

const fixture = (file: string) =>
  splitHeaderFields(readFileSync(new URL(`../../../test/fixtures/mail-headers/${file}`, import.meta.url), 'utf8'))
const policy = createTargetPolicy({ ownAddresses: [] })

describe('externalHop()', () => {
  it('takes the newest hop from a public address: the one that brought the message to the receiver', () => {
    // Gmail: hop 1 is from a public IPv6 address too, but hop 2 is the one Gmail received.
    expect(externalHop(buildHops(fixture('gmail-postfix.txt')).hops, policy)?.fromAddress).toBe('216.218.240.121')
    // Microsoft 365: the hops after the incoming one are from Microsoft's private addresses.
    expect(externalHop(buildHops(fixture('microsoft-365.txt')).hops, policy)?.fromAddress).toBe('199.204.166.217')
  })
})

describe('envelopeSender()', () => {
  it('reads Return-Path first, else the envelope sender a receiver stated', () => {
    const gmail = fixture('gmail-postfix.txt')
    const returnPath = gmail.find((f) => f.name === 'return-path')?.value
    expect(envelopeSender(returnPath, [])).toEqual({
      address: 'ocaml+verp-cdef9eaa098cd788943a4314c682b75a@discoursemail.com',
      domain: 'discoursemail.com',
    })
    const exim = fixture('exim-postfix.txt')
    expect(envelopeSender(undefined, readAuthStatements(exim))?.domain).toBe('ggg.com')
    expect(envelopeSender('<>', [])).toBeUndefined()
  })
})

describe('readAuthStatements()', () => {
  it('reads results Microsoft 365 writes without an authserv-id, and an ARC instance with a version', () => {
    const fields = splitHeaderFields(
      [
        'Authentication-Results: spf=softfail (sender IP is 203.0.113.7)',
        ' smtp.mailfrom=bank.example; dkim=none (message not signed)',
        ' header.d=none;dmarc=fail action=quarantine header.from=bank.example;',
        'ARC-Authentication-Results: i=1; mx.microsoft.com 1; spf=pass',
        ' smtp.mailfrom=hotmail.de; dmarc=pass action=none header.from=hotmail.de;',
        ' dkim=pass header.d=hotmail.de; arc=none',
      ].join('\r\n'),
    )
    const [ms, arc] = readAuthStatements(fields)
    expect(ms).toMatchObject({
      authservId: '',
      results: [
        { method: 'spf', result: 'softfail' },
        { method: 'dkim', result: 'none' },
        { method: 'dmarc', result: 'fail' },
      ],
    })
    expect(ms?.results[0]?.properties).toBe('smtp.mailfrom=bank.example')
    expect(arc).toMatchObject({ authservId: 'mx.microsoft.com', instance: 1 })
    expect(arc?.results.map((r) => `${r.method}=${r.result}`)).toEqual([
      'spf=pass',
      'dmarc=pass',
      'dkim=pass',
      'arc=none',
    ])
  })
})
