import { describe, expect, it } from 'vitest'
import { gradeClass, protocolClass, protocolStatusText, verdictClass, verdictText } from './ssl-styles.ts'

describe('gradeClass()', () => {
  it('shows A+ and A green, B and C amber, the rest and T/M red', () => {
    expect(gradeClass('A+')).toContain('emerald')
    expect(gradeClass('A')).toContain('emerald')
    expect(gradeClass('B')).toContain('amber')
    expect(gradeClass('C')).toContain('amber')
    for (const grade of ['D', 'E', 'F', 'T', 'M'] as const) expect(gradeClass(grade)).toContain('red')
  })
})

describe('protocolClass()', () => {
  it('is green for accepted modern and rejected obsolete protocols, red for the opposite', () => {
    expect(protocolClass({ protocol: 'TLSv1.3', status: 'accepted' })).toContain('emerald')
    expect(protocolClass({ protocol: 'TLSv1', status: 'rejected' })).toContain('emerald')
    expect(protocolClass({ protocol: 'TLSv1', status: 'accepted' })).toContain('red')
    expect(protocolClass({ protocol: 'TLSv1.2', status: 'rejected' })).toContain('red')
    expect(protocolClass({ protocol: 'TLSv1.3', status: 'rejected' })).toContain('amber')
    expect(protocolClass({ protocol: 'SSLv3', status: 'not-tested' })).toContain('zinc')
  })
  it('names the verdicts', () => {
    expect(protocolStatusText('not-tested')).toBe('Not tested')
    expect(protocolStatusText('rejected')).toBe('Not accepted')
  })
})

describe('verdictClass()', () => {
  it('shows a weakness found red, one ruled out green and one not tested grey, each named', () => {
    expect(verdictClass('vulnerable')).toContain('red')
    expect(verdictClass('not-vulnerable')).toContain('emerald')
    expect(verdictClass('not-tested')).toContain('zinc')
    expect(verdictText('not-tested')).toBe('Not tested')
    expect(verdictText('vulnerable')).toBe('Vulnerable')
  })
})
