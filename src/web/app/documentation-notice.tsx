import { Button } from '../components/button.tsx'
import { Dialog, DialogClose, DialogContent } from '../components/dialog.tsx'

export function DocumentationNotice({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => open || onClose()}>
      <DialogContent
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
