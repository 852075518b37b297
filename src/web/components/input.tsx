import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react'

const control =
  'focus-ring h-10 w-full min-w-0 rounded-lg border border-input bg-card px-3 text-sm text-foreground shadow-xs transition-colors placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60'

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={[control, className].filter(Boolean).join(' ')} {...props} />
}

export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={[control, 'pr-8', className].filter(Boolean).join(' ')} {...props} />
}

/** Pasted text of many lines, in a monospaced font. */
export function TextArea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const area =
    'focus-ring min-h-40 w-full min-w-0 rounded-lg border border-input bg-card px-3 py-2 font-mono text-xs text-foreground shadow-xs placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60'
  return (
    <textarea
      className={[area, className].filter(Boolean).join(' ')}
      spellCheck={false}
      autoCapitalize="off"
      autoComplete="off"
      {...props}
    />
  )
}
