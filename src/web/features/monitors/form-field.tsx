// A labelled control of the monitor forms with its hint and, once the form was checked, its error;
// the control is described by both (aria-describedby) and marked invalid while the error stands.
import type { ReactNode } from 'react'

export interface FormFieldProps {
  id: string
  label: string
  hint?: string
  error?: string
  className?: string
  children: ReactNode
}

/** The aria attributes of the control inside a FormField with the same id, hint and error. */
export function describedBy(id: string, hint: string | undefined, error: string | undefined) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ')
  return { 'aria-describedby': ids || undefined, 'aria-invalid': error ? true : undefined }
}

export function FormField({ id, label, hint, error, className, children }: FormFieldProps) {
  return (
    <div className={['flex min-w-0 flex-col gap-1.5', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  )
}
