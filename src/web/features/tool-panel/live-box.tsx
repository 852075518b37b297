import type { ReactNode } from 'react'

/** The output area while a streamed run goes, for live views that take its place: the result box's frame. */
export function LiveBox({ children }: { children: ReactNode }) {
  return (
    <section
      className="focus-ring h-96 overflow-auto rounded-xl border border-zinc-800 bg-zinc-950 p-4 font-mono text-[13px] leading-relaxed text-zinc-100 shadow-inner"
      aria-busy="true"
      aria-label="Results"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
    >
      {children}
    </section>
  )
}
