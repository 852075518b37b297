import { BookOpen } from 'lucide-react'
import { Button } from '../components/button.tsx'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../components/dialog.tsx'

export function DocumentationDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm">
          <BookOpen aria-hidden="true" />
          <span className="sr-only md:not-sr-only">Documentation</span>
        </Button>
      </DialogTrigger>
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
