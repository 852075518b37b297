import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react'
import { BrowserRouter, useLocation, useNavigate } from 'react-router'
import { AuthProvider, type AuthState } from '../lib/auth-state.ts'
import type { Theme } from '../lib/theme.ts'
import { createToolAnalyticsCache } from '../lib/tool-analytics.ts'
import { useHydrated } from '../lib/use-hydrated.ts'
import { AppRoutes } from './router.tsx'
import { ThemeProvider, useTheme } from './theme-provider.tsx'

// Toasts are raised only after user actions; their code loads after the first render.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })))

function ThemedToaster() {
  const { theme } = useTheme()
  return (
    <Toaster
      theme={theme}
      position="top-right"
      offset={{ top: 72, right: 16 }}
      mobileOffset={{ top: 64 }}
      richColors
      closeButton
    />
  )
}

/**
 * The first render runs as a transition, so the router starts listening to history only when it
 * commits. A back/forward (or any history change) made in between is caught up once here: the page
 * shown is always the one in the address bar.
 */
function FollowAddressOnce() {
  const location = useLocation()
  const navigate = useNavigate()
  // Once, after the router has started listening (its effect runs before this one's).
  useEffect(() => {
    const actual = `${window.location.pathname}${window.location.search}${window.location.hash}`
    if (actual !== `${location.pathname}${location.search}${location.hash}`) {
      navigate(actual, { replace: true, state: window.history.state?.usr })
    }
  }, [])
  return null
}

/** Toasts come from user actions: the toaster is added once the page is the script's (never server-rendered). */
function ClientToaster() {
  if (!useHydrated()) return null
  return (
    <Suspense>
      <ThemedToaster />
    </Suspense>
  )
}

export interface AppProps {
  initialTheme: Theme
  /** The router: the browser's history, or on the server a fixed address (src/web/entry-server.tsx). */
  Router?: ComponentType<{ children: ReactNode }>
  /** The sign-in state when the page already knows it (rendered by the server for a visitor without a session). */
  initialAuth?: AuthState
}

export function App({ initialTheme, Router = BrowserRouter, initialAuth }: AppProps) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        mutationCache: createToolAnalyticsCache(),
        defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
      }),
  )
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider initialTheme={initialTheme}>
        <AuthProvider initial={initialAuth}>
          <Router>
            <FollowAddressOnce />
            <AppRoutes />
          </Router>
        </AuthProvider>
        <ClientToaster />
      </ThemeProvider>
    </QueryClientProvider>
  )
}
