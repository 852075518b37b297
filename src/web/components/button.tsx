import type { ComponentProps } from 'react'

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost'
export type ButtonSize = 'sm' | 'md' | 'icon' | 'nav'

const base =
  'focus-ring inline-flex shrink-0 select-none items-center justify-center gap-2 whitespace-nowrap rounded-lg font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0'

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/85',
  secondary: 'bg-muted text-foreground hover:bg-border',
  outline: 'border border-border bg-card text-foreground shadow-xs hover:bg-muted',
  ghost: 'text-foreground hover:bg-muted',
}

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  icon: 'size-9',
  /** Header items: icon, with their text from a breakpoint up. */
  nav: 'h-8 px-2 text-sm',
}

export interface ButtonStyle {
  variant?: ButtonVariant
  size?: ButtonSize
  className?: string
}

/** Button classes, also for links that look like buttons. */
export function buttonClass({ variant = 'primary', size = 'md', className }: ButtonStyle = {}): string {
  return [base, variants[variant], sizes[size], className].filter(Boolean).join(' ')
}

export type ButtonProps = ComponentProps<'button'> & ButtonStyle

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />
}
