import { describe, expect, it } from 'vitest'
import { checkPhoneInput, readLookupAnswer } from './phone-outcome.ts'

describe('checkPhoneInput()', () => {
  it('asks for a number when the input is blank', () => {
    expect(checkPhoneInput('   ')).toEqual({ ok: false, message: 'Please enter a phone number' })
  })

  it('accepts the product forms of North-American numbers', () => {
    for (const input of [
      '(212) 555-0123',
      '212-555-0123',
      '212.555.0123',
      '212 555 0123',
      '2125550123',
      '+1 212 555 0123',
      '1-212-555-0123',
      '+1(212)555-0123',
    ]) {
      expect(checkPhoneInput(input), input).toMatchObject({ ok: true })
    }
  })

  it('accepts international numbers in E.164 form beyond the product', () => {
    expect(checkPhoneInput(' +447400123456 ')).toEqual({ ok: true, value: '+447400123456' })
    expect(checkPhoneInput('+49 30 1234567')).toMatchObject({ ok: true })
  })

  it('refuses anything else with "Please enter a valid phone number"', () => {
    for (const input of ['555-0123', 'call me', '(212 555 0123', '212-555-01234', '+0 123 456 789', '447400123456x']) {
      expect(checkPhoneInput(input), input).toEqual({ ok: false, message: 'Please enter a valid phone number' })
    }
  })
})

describe('readLookupAnswer()', () => {
  it("shows the server's failure message", () => {
    expect(readLookupAnswer({ success: false, error: 'Please enter a valid phone number' })).toEqual({
      error: 'Please enter a valid phone number',
    })
  })

  it('falls back to "Failed to lookup phone number" when the server gave no reason', () => {
    expect(readLookupAnswer({ success: false })).toEqual({ error: 'Failed to lookup phone number' })
    expect(readLookupAnswer({ success: true })).toEqual({ error: 'Failed to lookup phone number' })
  })
})
