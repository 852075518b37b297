import { describe, expect, it } from 'vitest'
import { adviceFor, reputationOf, riskLevelOf } from './schema.ts'

describe('the product abuse risk levels and advice', () => {
  it.each([
    [0, 'clean', 'Clean'],
    [1, 'low', 'Low risk'],
    [24, 'low', 'Low risk'],
    [25, 'medium', 'Medium risk'],
    [74, 'medium', 'Medium risk'],
    [75, 'high', 'High risk'],
    [100, 'high', 'High risk'],
  ])('score %i is %s (%s)', (score, level, label) => {
    expect(riskLevelOf(score)).toBe(level)
    expect(reputationOf(score)).toBe(label)
  })

  it('gives the strong advice above 50, caution above 25, none otherwise', () => {
    expect(adviceFor(51)).toMatch(/^Block or closely watch/)
    expect(adviceFor(50)).toMatch(/^Treat traffic .* with caution/)
    expect(adviceFor(26)).toMatch(/^Treat traffic .* with caution/)
    expect(adviceFor(25)).toMatch(/^No significant abuse evidence/)
  })
})
