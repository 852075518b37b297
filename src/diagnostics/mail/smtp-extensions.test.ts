import { describe, expect, it } from 'vitest'
import { hasExtension, parseEhloExtensions, sizeLimit } from './smtp-extensions.ts'

const ehlo = {
  code: 250,
  lines: [
    '250-mx.example.com Hello',
    '250-size 35882577',
    '250-PIPELINING',
    '250-starttls',
    '250-AUTH PLAIN LOGIN',
    '250 SMTPUTF8',
  ],
}

describe('parseEhloExtensions()', () => {
  it('lists the keywords after the greeting line, upper-cased, with their parameters', () => {
    expect(parseEhloExtensions(ehlo)).toEqual([
      'SIZE 35882577',
      'PIPELINING',
      'STARTTLS',
      'AUTH PLAIN LOGIN',
      'SMTPUTF8',
    ])
  })

  it('lists nothing for a one-line EHLO reply', () => {
    expect(parseEhloExtensions({ code: 250, lines: ['250 mx.example.com'] })).toEqual([])
  })
})

describe('hasExtension() and sizeLimit()', () => {
  const extensions = parseEhloExtensions(ehlo)

  it('finds a keyword with or without parameters, and not a prefix of another', () => {
    expect(hasExtension(extensions, 'STARTTLS')).toBe(true)
    expect(hasExtension(extensions, 'AUTH')).toBe(true)
    expect(hasExtension(extensions, 'SMTP')).toBe(false)
  })

  it('reads the SIZE limit, 0 for SIZE without a number, undefined when not declared', () => {
    expect(sizeLimit(extensions)).toBe(35882577)
    expect(sizeLimit(['SIZE'])).toBe(0)
    expect(sizeLimit(['PIPELINING'])).toBeUndefined()
  })
})
