import type { ReactNode } from 'react'
import { Card } from './card.tsx'

export interface PanelFrameProps {
  title: string
  description: string
  icon?: ReactNode
  /** h1 on a tool's own page, h2 inside the home page. */
  titleAs?: 'h1' | 'h2'
  actions?: ReactNode
  children?: ReactNode
}

export function PanelFrame({ title, description, icon, titleAs = 'h2', actions, children }: PanelFrameProps) {
  const Title = titleAs
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 items-start gap-3">
          {icon && (
            <span
              className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent"
              aria-hidden="true"
            >
              {icon}
            </span>
          )}
          <div className="min-w-0">
            <Title className="text-xl font-semibold tracking-tight sm:text-2xl">{title}</Title>
            <p className="mt-1 text-sm text-muted-foreground">{description}</p>
          </div>
        </div>
        {actions && <div className="flex shrink-0 gap-2">{actions}</div>}
      </div>
      {children && <div className="mt-6">{children}</div>}
    </Card>
  )
}
