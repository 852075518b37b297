import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { PhoneLookupData } from '../../../shared/tools/phone/schema.ts'
import { PhoneResultCard } from './phone-result-card.tsx'

const data: PhoneLookupData = {
  number: '+1 212 555 0142',
  e164: '+12125550142',
  valid: true,
  spam: true,
  spamScore: 7,
  reports: 2,
  votes: { spam: 2, notSpam: 1 },
  categories: [{ category: 'robocall', count: 2 }],
  location: 'New York, NY, United States',
  carrier: null,
  lineType: 'Landline or mobile',
  country: 'US',
  nationalFormat: '(212) 555-0142',
  timeZones: ['America/New_York'],
}

const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')

describe('PhoneResultCard', () => {
  it("shows the product's fields with the spam score out of 10", () => {
    const text = textOf(renderToStaticMarkup(<PhoneResultCard data={data} />))
    for (const expected of [
      'Number +1 212 555 0142',
      'Valid Yes',
      'Spam Yes',
      'Spam score 7/10',
      'Location New York, NY, United States',
      'Carrier Not known',
      'Line type Landline or mobile',
      'Reports 2',
      'Reported as Robocall (2)',
    ]) {
      expect(text).toContain(expected)
    }
  })

  it('shows name and business only when present', () => {
    expect(textOf(renderToStaticMarkup(<PhoneResultCard data={data} />))).not.toMatch(/Name|Business/)
    const named = textOf(
      renderToStaticMarkup(<PhoneResultCard data={{ ...data, name: 'Jo Doe', business: 'Doe Ltd' }} />),
    )
    expect(named).toContain('Name Jo Doe')
    expect(named).toContain('Business Doe Ltd')
  })

  it('offers to copy the result and to download it as JSON', () => {
    const html = renderToStaticMarkup(<PhoneResultCard data={data} />)
    expect(textOf(html)).toMatch(/^ ?Copy Download JSON Number /)
    expect(html.match(/<button type="button"/g)).toHaveLength(2)
  })
})
