import { describe, expect, it } from 'vitest'
import { phoneResultRows, phoneResultText } from './lines.ts'
import type { PhoneLookupData } from './schema.ts'

const data: PhoneLookupData = {
  number: '+1 212 555 0142',
  e164: '+12125550142',
  valid: true,
  spam: false,
  spamScore: 2,
  reports: 1,
  votes: { spam: 1, notSpam: 2 },
  categories: [{ category: 'survey', count: 1 }],
  location: null,
  carrier: 'Example Telecom',
  lineType: 'Mobile',
  country: 'US',
  nationalFormat: '(212) 555-0142',
  timeZones: ['America/New_York'],
}

describe('phoneResultText()', () => {
  it('gives every row the card shows as "label: value", then the votes', () => {
    expect(phoneResultText(data)).toBe(
      [
        'Number: +1 212 555 0142',
        'Valid: Yes',
        'Spam: No',
        'Spam score: 2/10',
        'Location: Unknown',
        'Carrier: Example Telecom (original carrier of the range)',
        'Line type: Mobile',
        'Reports: 1',
        'National format: (212) 555-0142',
        'Time zones: America/New_York',
        'Reported as: Survey (1)',
        'Votes: 1 spam, 2 not spam',
      ].join('\n'),
    )
  })

  it('includes name and business only when the lookup found them', () => {
    expect(phoneResultText({ ...data, name: 'Jo Doe', business: 'Doe Ltd' })).toContain(
      'Spam score: 2/10\nName: Jo Doe\nBusiness: Doe Ltd\nLocation: Unknown',
    )
  })
})

describe('phoneResultRows()', () => {
  it('leaves out the national format of an invalid number, time zones and categories when there are none', () => {
    const keys = phoneResultRows({ ...data, valid: false, timeZones: [], categories: [] }).map((row) => row.key)
    expect(keys).toEqual(['number', 'valid', 'spam', 'spamScore', 'location', 'carrier', 'lineType', 'reports'])
  })

  it('shortens a long list of time zones', () => {
    const zones = ['A/a', 'B/b', 'C/c', 'D/d', 'E/e']
    expect(phoneResultRows({ ...data, timeZones: zones }).find((row) => row.key === 'timeZones')?.value).toBe(
      'A/a, B/b, C/c and 2 more',
    )
  })
})
