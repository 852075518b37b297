import 'sonner/dist/styles.css'
import './styles.css'
import { StrictMode } from 'react'
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

createRoot(root).render(
  <StrictMode>
    <App initialTheme={initialTheme} />
  </StrictMode>,
)
