import type { InputHTMLAttributes } from 'react'

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string
}

export function Checkbox({ label, id, className, ...props }: CheckboxProps) {
  return (
    <label
      htmlFor={id}
      className={['inline-flex cursor-pointer items-center gap-2 text-sm', className].filter(Boolean).join(' ')}
    >
      <input id={id} type="checkbox" className="focus-ring size-4 rounded border-input accent-accent" {...props} />
      {label}
    </label>
  )
}
