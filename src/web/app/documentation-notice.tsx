import type { RefObject } from 'react'
import { Button } from '../components/button.tsx'
import { Dialog, DialogClose, DialogContent } from '../components/dialog.tsx'

export interface DocumentationNoticeProps {
  onClose: () => void
  trigger: RefObject<HTMLButtonElement | null>
}

export function DocumentationNotice({ onClose, trigger }: DocumentationNoticeProps) {
  return (
    <Dialog open onOpenChange={(open) => open || onClose()}>
      <DialogContent
        returnFocusTo={trigger}
        title="Coming Soon"
        description="Documentation is under development. Guides for every tool will be published here soon."
      >
        <DialogClose asChild>
          <Button>Got it</Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  )
}
