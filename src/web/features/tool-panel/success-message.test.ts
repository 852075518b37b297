import { describe, expect, it } from 'vitest'
import { findEntry } from '../../../shared/catalogue.ts'
import { successMessage } from './success-message.ts'

describe('successMessage()', () => {
  it('names the tool', () => {
    expect(successMessage({ id: 'dns', name: 'DNS' })).toBe('DNS completed successfully')
  })

  it("uses the product's own wording for What Is My IP", () => {
    const entry = findEntry('whatismyip')
    expect(entry && successMessage(entry)).toBe('IP lookup completed successfully')
  })
})
