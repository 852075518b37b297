import { describe, expect, it } from 'vitest'
import { describeSettings } from './settings-text.ts'

describe('describeSettings()', () => {
  it('says what makes a check a problem, with the thresholds set', () => {
    expect(describeSettings({ kind: 'ssl', settings: { expiryDays: 14, minGrade: 'A' } })).toBe(
      'A problem when the certificate is untrusted, names another host or expires within 14 days, or its grade falls below A.',
    )
    expect(describeSettings({ kind: 'website', settings: { maxLatencyMs: 800 } })).toBe(
      'A problem when the site does not answer or answers with an error status, or takes longer than 800 ms.',
    )
    expect(describeSettings({ kind: 'ping', settings: { maxLossPercent: 20 } })).toBe(
      'A problem when more than 20 % of the probes are lost.',
    )
    expect(describeSettings({ kind: 'dns', settings: { type: 'MX' } })).toBe(
      'Watches the MX records: a problem when the answer differs from the recorded one.',
    )
  })

  it('writes a one-day threshold in the singular', () => {
    expect(describeSettings({ kind: 'ssl', settings: { expiryDays: 1 } })).toContain('expires within 1 day.')
    expect(describeSettings({ kind: 'mail', settings: { expiryDays: 1 } })).toContain('expires within 1 day.')
  })

  it('leaves out a threshold that is not set', () => {
    expect(describeSettings({ kind: 'ssl', settings: { expiryDays: 7 } })).not.toContain('grade')
    expect(describeSettings({ kind: 'website', settings: {} })).toBe(
      'A problem when the site does not answer or answers with an error status.',
    )
  })
})
