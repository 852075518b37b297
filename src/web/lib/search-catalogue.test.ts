import { describe, expect, it } from 'vitest'
import { catalogue } from '../../shared/catalogue.ts'
import { filterByQuery } from './search-catalogue.ts'

const names = (query: string) => filterByQuery(catalogue, query).map((entry) => entry.name)

describe('filterByQuery()', () => {
  it('returns every entry when the query is blank', () => {
    expect(filterByQuery(catalogue, '   ')).toHaveLength(catalogue.length)
  })

  it('matches names regardless of case', () => {
    expect(names('TRACEroute')).toEqual(['Traceroute'])
  })

  it('matches descriptions as well as names', () => {
    expect(names('hop by hop')).toEqual(['Traceroute'])
  })

  it('keeps catalogue order when several entries match', () => {
    expect(names('dns')).toEqual(['DNS', 'Reverse DNS', 'IP Blacklist'])
  })

  it('returns nothing when no name or description contains the query', () => {
    expect(names('zzz-no-such-tool')).toEqual([])
  })

  it('ignores surrounding spaces in the query', () => {
    expect(names('  whois  ')).toEqual(['Whois', 'Advanced Whois'])
  })
})
