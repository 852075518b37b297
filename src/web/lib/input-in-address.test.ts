import { describe, expect, it } from 'vitest'
import { inputFitsAddress } from './input-in-address.ts'

describe('inputFitsAddress()', () => {
  it('takes one line or no input, never an input that spans lines', () => {
    expect(inputFitsAddress('example.com')).toBe(true)
    expect(inputFitsAddress(null)).toBe(true)
    expect(inputFitsAddress('Received: from a\n by b')).toBe(false)
    expect(inputFitsAddress('From: a@example.com\r\nSubject: hi')).toBe(false)
  })
})
