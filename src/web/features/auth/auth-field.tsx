import { useId } from 'react'
import { Field } from '../../components/field.tsx'
import { Input } from '../../components/input.tsx'

export interface TextFieldProps {
  label: string
  value: string
  onChange(value: string): void
  type?: 'email' | 'password' | 'text'
  autoComplete: string
  /** The field's own problem, shown beside it and announced with it (aria-invalid, aria-describedby). */
  error?: string | null
  inputMode?: 'numeric' | 'text'
  autoFocus?: boolean
}

/** A labelled email, password or code input of the account forms, with its inline error. */
export function AuthField({
  label,
  value,
  onChange,
  type = 'password',
  autoComplete,
  error,
  inputMode,
  autoFocus,
}: TextFieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <Field id={id} label={label}>
      <Input
        id={id}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        autoCapitalize="off"
        spellCheck={false}
        inputMode={inputMode}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </Field>
  )
}

/** The inline message of a failed form check. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
      {message}
    </p>
  )
}
