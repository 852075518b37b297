import { describe, expect, it } from 'vitest'
import { resolveInitialTheme, toggledTheme } from './theme.ts'

describe('resolveInitialTheme()', () => {
  it('uses the stored theme over the system preference', () => {
    expect(resolveInitialTheme('light', true)).toBe('light')
    expect(resolveInitialTheme('dark', false)).toBe('dark')
  })

  it('follows the system preference when nothing is stored', () => {
    expect(resolveInitialTheme(null, true)).toBe('dark')
    expect(resolveInitialTheme(null, false)).toBe('light')
  })

  it('ignores a stored value that is not a theme', () => {
    expect(resolveInitialTheme('purple', true)).toBe('dark')
  })
})

describe('toggledTheme()', () => {
  it('switches between light and dark', () => {
    expect(toggledTheme('light')).toBe('dark')
    expect(toggledTheme('dark')).toBe('light')
  })
})
