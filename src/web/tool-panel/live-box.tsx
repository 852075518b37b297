import type { ReactNode } from 'react'

/**
 * The output area while a streamed run goes, for live views that take its place: the result box's
 * frame, growing with the view as the output box does.
 */
export function LiveBox({ children }: { children: ReactNode }) {
  return (
    <section
      className="relative min-h-96 min-w-0 rounded-xl border border-zinc-800 bg-zinc-950 p-4 font-mono text-[13px] leading-relaxed text-zinc-100 shadow-inner"
      aria-busy="true"
      aria-label="Results"
    >
      {children}
    </section>
  )
}
