import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react'
import { applyTheme, storeTheme, type Theme, toggledTheme } from '../lib/theme.ts'

interface ThemeContextValue {
  theme: Theme
  toggleTheme: () => void
}

const ThemeContext = createContext<ThemeContextValue | null>(null)

/** Holds the theme applied by main.tsx before the first render, and switches it. */
export function ThemeProvider({ initialTheme, children }: { initialTheme: Theme; children: ReactNode }) {
  const [theme, setTheme] = useState(initialTheme)
  const toggleTheme = useCallback(() => {
    setTheme((current) => {
      const next = toggledTheme(current)
      applyTheme(next)
      storeTheme(next)
      return next
    })
  }, [])
  const value = useMemo(() => ({ theme, toggleTheme }), [theme, toggleTheme])
  return <ThemeContext value={value}>{children}</ThemeContext>
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext)
  if (!value) throw new Error('useTheme must be used within a ThemeProvider')
  return value
}
