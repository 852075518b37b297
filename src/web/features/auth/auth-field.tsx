import { useId } from 'react'
import { Field } from '../../components/field.tsx'
import { Input } from '../../components/input.tsx'

export interface TextFieldProps {
  label: string
  value: string
  onChange(value: string): void
  type?: 'email' | 'password'
  autoComplete: string
}

/** A labelled email or password input of the account forms. */
export function AuthField({ label, value, onChange, type = 'password', autoComplete }: TextFieldProps) {
  const id = useId()
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
      />
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
