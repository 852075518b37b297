import type { ReactNode } from 'react'

export interface FieldProps {
  id: string
  label: string
  hint?: string
  className?: string
  children: ReactNode
}

/** A labelled form control; the control inside must carry the same id. */
export function Field({ id, label, hint, className, children }: FieldProps) {
  return (
    <div className={['flex min-w-0 flex-col gap-1.5', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        {label}
      </label>
      {children}
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  )
}
