import { BookOpen } from 'lucide-react'
import { lazy, Suspense, useRef, useState } from 'react'
import { Button } from '../components/button.tsx'

// The dialog's code loads on first use.
const DocumentationNotice = lazy(() =>
  import('./documentation-notice.tsx').then((m) => ({ default: m.DocumentationNotice })),
)

export function DocumentationDialog() {
  const [open, setOpen] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  return (
    <>
      <Button
        ref={trigger}
        variant="ghost"
        size="nav"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-expanded={open}
      >
        <BookOpen aria-hidden="true" />
        <span className="sr-only md:not-sr-only">Documentation</span>
      </Button>
      {open && (
        <Suspense>
          <DocumentationNotice onClose={() => setOpen(false)} trigger={trigger} />
        </Suspense>
      )}
    </>
  )
}
