import type { InputHTMLAttributes, SelectHTMLAttributes } from 'react'

const control =
  'focus-ring h-10 w-full min-w-0 rounded-lg border border-input bg-card px-3 text-sm text-foreground shadow-xs transition-colors placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60'

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={[control, className].filter(Boolean).join(' ')} {...props} />
}

export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={[control, 'pr-8', className].filter(Boolean).join(' ')} {...props} />
}
