import { Moon, Sun } from 'lucide-react'
import { Button } from '../components/button.tsx'
import { useHydrated } from '../lib/use-hydrated.ts'
import { useTheme } from './theme-provider.tsx'

export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme()
  // The icon follows the theme class set before the first paint; the label, which the server's
  // markup cannot know, follows the theme once the page is hydrated.
  const shown = useHydrated() ? theme : 'light'
  const label = shown === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'
  return (
    <Button variant="ghost" size="nav" onClick={toggleTheme} aria-label={label} title={label}>
      <Sun aria-hidden="true" className="hidden dark:block" />
      <Moon aria-hidden="true" className="dark:hidden" />
    </Button>
  )
}
