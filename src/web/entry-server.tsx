// A page's first screen rendered on the server: the same React app as in the browser, at a fixed
// address, in the light theme, with every lazily loaded part (the tool's panel) waited for; signed
// out for a visitor without a session cookie, else waiting for the sign-in state as the browser would. `npm run build` bundles this file for Node into dist/ssr (vite.config.ts); the server renders
// each page once (src/server/plugins/page-render.ts) and sends the markup inside #root, which the
// browser paints before any script and the app then hydrates (src/web/main.tsx) instead of drawing
// the page again.
import { type ReactNode, StrictMode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { StaticRouter } from 'react-router'
import { App } from './app/app.tsx'
import { type SiteSettings, setServerSiteSettings } from './lib/site-settings.ts'

const SIGNED_OUT = { user: null, loading: false }

export interface RenderOptions {
  /** The visitor has no session cookie: the page is drawn signed out, not waiting for the sign-in check. */
  signedOut: boolean
  /** The server's settings the page also carries in its meta tags (the Report Issue address). */
  site?: SiteSettings
}

/** The markup of #root for the page at `pathname` (no query string: a query is the browser's to read). */
export async function renderPage(pathname: string, { signedOut, site = {} }: RenderOptions): Promise<string> {
  setServerSiteSettings(site)
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={pathname}>{children}</StaticRouter>
  let failure: unknown
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App initialTheme="light" Router={Router} initialAuth={signedOut ? SIGNED_OUT : undefined} />
    </StrictMode>,
    {
      // Every boundary inline, in place: React would otherwise move a large one to the end of the
      // page with an inline script to put it back, which the Content-Security-Policy refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        failure ??= error
      },
    },
  )
  let html = ''
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')
  if (failure !== undefined) throw failure
  return html
}
