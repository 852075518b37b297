import { describe, expect, it } from 'vitest'
import { INPUT_TOOLS } from '../input-rule.cases.ts'
import { findContract, TOOL_CONTRACTS } from './contracts.ts'
import { TOOL_ENTRIES, TOOL_IDS } from './entries.ts'

describe('the tool contracts', () => {
  it.each(TOOL_IDS.map((id) => [id]))('files the contract of %s under its own id', (id) => {
    expect(TOOL_CONTRACTS[id].id).toBe(id)
  })

  it.each(TOOL_IDS.map((id) => [id]))("accepts %s's own example request", (id) => {
    const { request, example } = TOOL_CONTRACTS[id]
    expect(request.safeParse(example).error).toBeUndefined()
  })

  it.each(TOOL_ENTRIES.map((entry) => [entry.id, entry] as const))(
    'declares the input rule rows of %s exactly when its panel takes input',
    (id, entry) => {
      expect(TOOL_CONTRACTS[id].inputRule !== undefined, id).toBe('label' in entry)
    },
  )

  it('puts every tool with input and each declared variant in the input rule table', () => {
    const withInput = TOOL_ENTRIES.flatMap((entry) => ('label' in entry ? [entry.id] : []))
    expect([...INPUT_TOOLS].sort()).toEqual([...withInput, 'dns-propagation'].sort())
  })

  it('finds no contract for an id outside the catalogue, nor for an inherited key', () => {
    expect(findContract('speedtest')).toBeUndefined()
    expect(findContract('toString')).toBeUndefined()
    expect(findContract('dns')?.id).toBe('dns')
  })
})
