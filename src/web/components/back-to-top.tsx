import { ArrowUp } from 'lucide-react'
import { useEffect, useState } from 'react'
import { isPastBackToTopThreshold } from '../lib/scroll.ts'
import { Button } from './button.tsx'

export function BackToTop() {
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    const update = () => setVisible(isPastBackToTopThreshold(window.scrollY))
    // Read once the page is idle: on mount, scrollY would force a layout in the middle of the render.
    const first = window.setTimeout(update, 500)
    window.addEventListener('scroll', update, { passive: true })
    return () => {
      window.clearTimeout(first)
      window.removeEventListener('scroll', update)
    }
  }, [])
  if (!visible) return null
  return (
    <Button
      variant="outline"
      size="icon"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      aria-label="Back to top"
      title="Back to top"
      className="fixed right-4 bottom-4 z-30 size-11 rounded-full shadow-lg sm:right-6 sm:bottom-6"
    >
      <ArrowUp aria-hidden="true" />
    </Button>
  )
}
