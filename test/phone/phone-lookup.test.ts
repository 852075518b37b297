// POST /api/phone-lookup through app.inject: numbering-plan facts from libphonenumber's metadata
// (555-01xx numbers are reserved for fiction; +44 7400 123456 is the plan's example mobile).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app/app.ts'

describe('POST /api/phone-lookup', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => t?.close())

  const lookUp = (phoneNumber: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/phone-lookup', payload: { phoneNumber } })

  it('describes a US number in the product form: valid, New York, landline or mobile, no carrier', async () => {
    const res = await lookUp('(212) 555-0123')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      data: {
        number: '+1 212 555 0123',
        e164: '+12125550123',
        valid: true,
        country: 'US',
        nationalFormat: '(212) 555-0123',
        location: 'New York, NY, United States',
        carrier: null,
        lineType: 'Landline or mobile',
        timeZones: ['America/New_York'],
        spam: false,
        spamScore: 0,
        reports: 0,
        votes: { spam: 0, notSpam: 0 },
        categories: [],
      },
    })
  })

  it('places a Canadian number in Canada from its area code', async () => {
    const { data } = (await lookUp('1-416-555-0123')).json()
    expect(data).toMatchObject({
      e164: '+14165550123',
      valid: true,
      country: 'CA',
      location: 'Ontario, Canada',
      lineType: 'Landline or mobile',
    })
    expect(data.timeZones).toEqual(['America/Toronto'])
  })

  it('names the original carrier of a UK mobile number given in E.164 form', async () => {
    const { data } = (await lookUp('+447400123456')).json()
    expect(data).toMatchObject({
      number: '+44 7400 123456',
      valid: true,
      country: 'GB',
      lineType: 'Mobile',
      carrier: 'Three',
      location: 'United Kingdom',
    })
  })

  it('tells a toll-free number apart and gives it no carrier', async () => {
    const { data } = (await lookUp('+1 800.555.0199')).json()
    expect(data).toMatchObject({
      e164: '+18005550199',
      valid: true,
      lineType: 'Toll-free',
      carrier: null,
      country: 'US',
      location: 'United States',
    })
  })

  it('geocodes a German landline to its city', async () => {
    const { data } = (await lookUp('+49 30 1234567')).json()
    expect(data).toMatchObject({ valid: true, country: 'DE', location: 'Berlin, Germany', lineType: 'Landline' })
  })

  it('reports a well-formed number outside the plan as invalid, without location or carrier', async () => {
    const res = await lookUp('123-456-7890')
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({
      e164: '+11234567890',
      valid: false,
      lineType: 'Unknown',
      location: null,
      carrier: null,
      country: null,
      timeZones: [],
    })
  })

  it('never invents a caller name or business', async () => {
    const { data } = (await lookUp('+1 650 253 0000')).json()
    expect(data).not.toHaveProperty('name')
    expect(data).not.toHaveProperty('business')
  })

  it('answers blank input with "Please enter a phone number"', async () => {
    for (const input of ['', '   ', undefined]) {
      const res = await lookUp(input)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ success: false, error: 'Please enter a phone number' })
    }
  })

  it('answers other input with "Please enter a valid phone number"', async () => {
    for (const input of ['hello', '555-0123', '+1 (212 555 0123', '+999 1234 5678', '12345678901234567']) {
      const res = await lookUp(input)
      expect(res.statusCode, input).toBe(400)
      expect(res.json()).toEqual({ success: false, error: 'Please enter a valid phone number' })
    }
  })
})
