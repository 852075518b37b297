// First, before any module parses with zod: see zod-without-eval.ts.
import './app/zod-without-eval.ts'
import 'sonner/dist/styles.css'
import './styles.css'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
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

// The server's HTML already shows the page's header and heading (its shell), so the first render
// need not block: as a transition, React renders in slices that leave the main thread free for
// input between them, and replaces the shell when it commits.
const reactRoot = createRoot(root)
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <App initialTheme={initialTheme} />
    </StrictMode>,
  )
})
