import { describe, expect, it } from 'vitest'
import { urlOptions } from './url-options.ts'

const defaults = { count: 4, family: '', trace: false, port: '' }
const query = urlOptions(defaults, { count: 'count', family: 'family', trace: 'trace' })

describe('urlOptions()', () => {
  it('writes only the controls that differ from their defaults, booleans as 1', () => {
    expect(query.write(defaults)).toEqual([])
    expect(query.write({ count: 10, family: '6', trace: true, port: '8080' })).toEqual([
      ['count', '10'],
      ['family', '6'],
      ['trace', '1'],
    ])
  })

  it('reads each parameter with the type of its default and keeps the defaults for the rest', () => {
    expect(query.read(new URLSearchParams('count=7&trace=1&port=99'))).toEqual({
      count: 7,
      family: '',
      trace: true,
      port: '',
    })
  })

  it('keeps a count that is not a number as NaN for the tool’s own check', () => {
    expect(query.read(new URLSearchParams('count=many')).count).toBeNaN()
  })

  it('reads back what it wrote', () => {
    const controls = { count: 2, family: '4', trace: true, port: '' }
    expect(query.read(new URLSearchParams(query.write(controls)))).toEqual(controls)
  })
})
