// The line under a form's main field: its error (red), else a note about what will run. The field
// points at it with aria-describedby and says aria-invalid while it shows an error (fieldMessageProps).

export interface FieldMessageProps {
  /** The id the field's aria-describedby names. */
  id: string
  error?: string | null
  note?: string
}

/** The field's aria attributes for the message FieldMessage draws with the same props, and its red border. */
export function fieldMessageProps({ id, error, note }: FieldMessageProps) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || note ? id : undefined,
    className: 'aria-[invalid=true]:border-danger',
  } as const
}

export function FieldMessage({ id, error, note }: FieldMessageProps) {
  if (error) {
    return (
      <p id={id} className="mt-1.5 text-sm font-medium text-danger" data-field-error="">
        {error}
      </p>
    )
  }
  if (!note) return null
  return (
    <p id={id} className="mt-1.5 text-sm text-muted-foreground">
      {note}
    </p>
  )
}
