// Whether the page's script has taken over the markup in front of the visitor. A page served with
// its first screen already rendered (src/server/plugins/page-render.ts) is hydrated: React's first
// pass must produce exactly that markup, so anything the server cannot know (the visitor's theme)
// or cannot do yet (a form before its handlers are attached) waits for the second pass. A page
// rendered in the browser from the start is hydrated at once.
import { useSyncExternalStore } from 'react'

const subscribe = () => () => undefined

/** False on the server and during hydration, true from the next render on (at once without hydration). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
