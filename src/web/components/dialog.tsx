import * as RadixDialog from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import type { ReactNode, RefObject } from 'react'

export const Dialog = RadixDialog.Root
export const DialogClose = RadixDialog.Close

export interface DialogContentProps {
  title: string
  description: ReactNode
  children?: ReactNode
  /** Where focus goes on close when the dialog was opened by something other than a DialogTrigger. */
  returnFocusTo?: RefObject<HTMLElement | null>
}

export function DialogContent({ title, description, children, returnFocusTo }: DialogContentProps) {
  function restoreFocus(event: Event) {
    if (!returnFocusTo?.current) return
    event.preventDefault()
    returnFocusTo.current.focus()
  }
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
      <RadixDialog.Content
        onCloseAutoFocus={restoreFocus}
        className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-card p-6 text-foreground shadow-2xl"
      >
        <RadixDialog.Title className="text-lg font-semibold tracking-tight">{title}</RadixDialog.Title>
        <RadixDialog.Description className="mt-2 text-sm leading-relaxed text-muted-foreground">
          {description}
        </RadixDialog.Description>
        {children && <div className="mt-6 flex justify-end gap-2">{children}</div>}
        <RadixDialog.Close
          className="focus-ring absolute top-4 right-4 rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
          aria-label="Close"
        >
          <X className="size-4" aria-hidden="true" />
        </RadixDialog.Close>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  )
}
