import type { HTMLAttributes } from 'react'

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={['rounded-2xl border border-border bg-card text-foreground shadow-sm', className]
        .filter(Boolean)
        .join(' ')}
      {...props}
    />
  )
}
