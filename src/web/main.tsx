import './styles.css'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import { recoveryRedirectTarget } from './lib/recovery-redirect.ts'
import { applyTheme, readInitialTheme } from './lib/theme.ts'

// Before the first render: the theme (no flash of the wrong one) and the recovery-link redirect.
const initialTheme = readInitialTheme()
applyTheme(initialTheme)

const recoveryTarget = recoveryRedirectTarget(window.location)
if (recoveryTarget) window.history.replaceState(window.history.state, '', recoveryTarget)

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element')

const rendered = root.getAttribute('data-rendered')
const hydrate = rendered === window.location.pathname && window.location.search === '' && !recoveryTarget
// The server says when it drew the page signed out (the visitor had no session cookie).
const initialAuth =
  hydrate && root.getAttribute('data-auth') === 'signed-out' ? { user: null, loading: false } : undefined
const app = (
  <StrictMode>
    <App initialTheme={initialTheme} initialAuth={initialAuth} />
  </StrictMode>
)

// The first render need not block: as a transition, React works in slices that leave the main
// thread free for input between them. A page whose first screen the server rendered (it marks
// #root with the path it rendered) is hydrated: React takes over that markup instead of drawing the
// page again, and the tool's panel as soon as its code arrives. Any other page (one opened with a
// query string, a shared result, a page the server only outlined) is rendered here, replacing the
// server's outline of its header and heading.
if (hydrate) {
  startTransition(() => {
    hydrateRoot(root, app)
  })
} else {
  const reactRoot = createRoot(root)
  startTransition(() => {
    reactRoot.render(app)
  })
}
