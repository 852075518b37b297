import { Moon, Sun } from 'lucide-react'
import { Button } from '../components/button.tsx'
import { useTheme } from './theme-provider.tsx'

export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme()
  const label = theme === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'
  return (
    <Button variant="ghost" size="nav" onClick={toggleTheme} aria-label={label} title={label}>
      {theme === 'dark' ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </Button>
  )
}
