import { describe, expect, it } from 'vitest'
import { TOOL_IDS } from '../catalogue.ts'
import { findContract, TOOL_CONTRACTS } from './contracts.ts'

describe('the tool contracts', () => {
  it.each(TOOL_IDS.map((id) => [id]))('files the contract of %s under its own id', (id) => {
    expect(TOOL_CONTRACTS[id].id).toBe(id)
  })

  it.each(TOOL_IDS.map((id) => [id]))("accepts %s's own example request", (id) => {
    const { request, example } = TOOL_CONTRACTS[id]
    expect(request.safeParse(example).error).toBeUndefined()
  })

  it('finds no contract for an id outside the catalogue, nor for an inherited key', () => {
    expect(findContract('speedtest')).toBeUndefined()
    expect(findContract('toString')).toBeUndefined()
    expect(findContract('dns')?.id).toBe('dns')
  })
})
