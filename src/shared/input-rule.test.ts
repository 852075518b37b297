import { describe, expect, it } from 'vitest'
import { INPUT_CASES } from './input-rule.cases.ts'
import { readTarget } from './input-rule.ts'

describe('readTarget()', () => {
  it.each([
    ['https://user:pw@shop.test:8443/x?q#f', { host: 'shop.test', port: '8443', email: false }],
    ['mailto:info@shop.test', { host: 'shop.test', email: true }],
    ['info@shop.test', { host: 'shop.test', email: true }],
    ['[2001:db8::1]:443', { host: '2001:db8::1', port: '443', email: false }],
    ['2001:db8::1', { host: '2001:db8::1', email: false }],
    [' Bücher.example. ', { host: 'xn--bcher-kva.example', email: false }],
    ['_dmarc.shop.test', { host: '_dmarc.shop.test', email: false }],
  ])('reads %j', (text, target) => {
    expect(readTarget(text)).toEqual(target)
  })

  it.each([
    'shop.test:0',
    'shop.test:65536',
    'shop.test:http',
    'https://',
    'info@shop.test:25',
    '１２７.０.０.１',
    '０ｘ７ｆ.１',
  ])('marks %j unreadable', (text) => {
    expect(readTarget(text).unreadable).toBe(true)
  })
})

describe('the input rule of every tool (the request schemas the web form, API and CLI share)', () => {
  it.each(INPUT_CASES.map((row) => [row.tool, row.spelling, row.input, row.expected, row] as const))(
    '%s, %s %j: %j',
    (_tool, _spelling, input, expected, row) => {
      const { request, options } = row
      const parsed = request.safeParse({ input, ...(options ? { options } : {}) })
      if ('runs' in expected) {
        expect(parsed.error?.issues[0]?.message).toBeUndefined()
        expect((parsed.data as { input: string }).input).toBe(expected.runs)
      } else {
        expect(parsed.success).toBe(false)
        expect(parsed.error?.issues[0]?.message).toBe(expected.message)
      }
    },
  )
})
