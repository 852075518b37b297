import { describe, expect, it } from 'vitest'
import { initialTab, tabsFor } from './auth-tabs.tsx'

describe('auth page tabs', () => {
  it('offers Sign In and Sign Up when signed out, only Change Password when signed in', () => {
    expect(tabsFor(false)).toEqual(['signin', 'signup'])
    expect(tabsFor(true)).toEqual(['change-password'])
  })

  it('opens the tab from ?tab= when it is available, else the default of the state', () => {
    expect(initialTab('signup', false)).toBe('signup')
    expect(initialTab(null, false)).toBe('signin')
    expect(initialTab('change-password', false)).toBe('signin')
    expect(initialTab(null, true)).toBe('change-password')
    expect(initialTab('signup', true)).toBe('change-password')
  })
})
