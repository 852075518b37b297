import { Eraser } from 'lucide-react'
import { Button } from './button.tsx'

/** Shown next to a tool's run button once there is a result or an error to clear. */
export function ClearResultsButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="outline" onClick={onClick}>
      <Eraser aria-hidden="true" />
      Clear Results
    </Button>
  )
}
