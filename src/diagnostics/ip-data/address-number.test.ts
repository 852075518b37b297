import { describe, expect, it } from 'vitest'
import { cidrsOfRange } from './address-number.ts'

describe('cidrsOfRange()', () => {
  it('gives one block for an aligned range', () => {
    expect(cidrsOfRange(0x01010100n, 0x010101ffn, 32)).toEqual([{ base: 0x01010100n, length: 24 }])
  })

  it('splits a range that is no single block into the fewest blocks', () => {
    // 10.0.0.1 - 10.0.0.6: /32, /31, /31, /32
    expect(cidrsOfRange(0x0a000001n, 0x0a000006n, 32).map((b) => b.length)).toEqual([32, 31, 31, 32])
  })

  it('covers a whole family', () => {
    expect(cidrsOfRange(0n, (1n << 128n) - 1n, 128)).toEqual([{ base: 0n, length: 0 }])
  })
})
