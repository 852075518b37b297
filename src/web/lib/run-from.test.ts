import { describe, expect, it } from 'vitest'
import { measurementRequest } from '../../shared/measurement-request.ts'
import { MEASUREMENT_MAX_LOCATIONS } from '../../shared/measurements.ts'
import {
  checkRunFrom,
  hasLocation,
  readRunFrom,
  runFromOfStored,
  splitLocations,
  targetingOf,
  toggleLocation,
  writeRunFrom,
} from './run-from.ts'

describe('splitLocations()', () => {
  it('splits at commas and line breaks, trims, and leaves out blanks and repeats of any case', () => {
    expect(splitLocations(' DE,  AS13335 ,\nFrankfurt,, de , europe  west ')).toEqual([
      'DE',
      'AS13335',
      'Frankfurt',
      'europe west',
    ])
    expect(splitLocations(' , \n ')).toEqual([])
  })
})

describe('toggleLocation()', () => {
  it('adds an entry at the end and takes it out again, whatever its case in the text', () => {
    const added = toggleLocation('DE, Paris', 'fra-1', true)
    expect(added).toBe('DE, Paris, fra-1')
    expect(hasLocation(added, 'FRA-1')).toBe(true)
    expect(toggleLocation('DE, FRA-1, Paris', 'fra-1', false)).toBe('DE, Paris')
  })
})

describe('checkRunFrom()', () => {
  it('accepts this server and a count of 1 to 10', () => {
    expect(checkRunFrom({ mode: 'server' })).toBeNull()
    expect(checkRunFrom({ mode: 'count', count: 1 })).toBeNull()
    expect(checkRunFrom({ mode: 'count', count: 10 })).toBeNull()
  })

  it('names the problem of a count out of range or not a number', () => {
    expect(checkRunFrom({ mode: 'count', count: 11 })).toBe('Choose 1 to 10 locations')
    expect(checkRunFrom({ mode: 'count', count: Number.NaN })).toBe('Choose 1 to 10 locations')
  })

  it('asks for at least one place, at most 20, each at most 100 characters', () => {
    expect(checkRunFrom({ mode: 'pick', text: ' , ' })).toBe('Choose at least one location')
    const many = Array.from({ length: MEASUREMENT_MAX_LOCATIONS + 1 }, (_, i) => `AS${i + 1}`).join(',')
    expect(checkRunFrom({ mode: 'pick', text: many })).toBe('At most 20 locations per measurement')
    expect(checkRunFrom({ mode: 'pick', text: `DE, ${'x'.repeat(101)}` })).toBe(
      'A location is longer than 100 characters',
    )
  })
})

describe('targetingOf()', () => {
  it('asks for any N probes, or one probe per written place, in a body the request schema accepts', () => {
    const count = targetingOf({ mode: 'count', count: 3 })
    expect(count).toEqual({ locations: ['any'], limit: 3 })
    const pick = targetingOf({ mode: 'pick', text: 'DE, AS13335' })
    expect(pick).toEqual({ locations: ['DE', 'AS13335'] })
    for (const targeting of [count, pick]) {
      const parsed = measurementRequest.safeParse({ tool: 'ping', input: 'example.com', ...targeting })
      expect(parsed.success).toBe(true)
    }
  })
})

describe('the choice in a link', () => {
  it('writes nothing for this server, probes=N for a count and from= for written places', () => {
    expect(writeRunFrom({ mode: 'server' })).toEqual([])
    expect(writeRunFrom({ mode: 'count', count: 4 })).toEqual([['probes', '4']])
    expect(writeRunFrom({ mode: 'pick', text: 'DE,,  Paris ' })).toEqual([['from', 'DE, Paris']])
  })

  it('reads back what it wrote, and this server without either parameter', () => {
    for (const choice of [
      { mode: 'count', count: 4 },
      { mode: 'pick', text: 'DE, Paris' },
    ] as const) {
      expect(readRunFrom(new URLSearchParams(writeRunFrom(choice)))).toEqual(choice)
    }
    expect(readRunFrom(new URLSearchParams('q=example.com'))).toEqual({ mode: 'server' })
    expect(readRunFrom(new URLSearchParams('from=%20,%20'))).toEqual({ mode: 'server' })
  })

  it('keeps a count that does not parse, so that the check names it', () => {
    const choice = readRunFrom(new URLSearchParams('probes=lots'))
    expect(choice.mode).toBe('count')
    expect(checkRunFrom(choice)).toBe('Choose 1 to 10 locations')
  })
})

describe('runFromOfStored()', () => {
  it('measures "any" again with as many probes as answered, and written places again as written', () => {
    expect(runFromOfStored({ locations: ['any'], results: [{}, {}, {}] as never })).toEqual({ mode: 'count', count: 3 })
    expect(runFromOfStored({ locations: ['DE', 'AS13335'], results: [] })).toEqual({
      mode: 'pick',
      text: 'DE, AS13335',
    })
  })
})
