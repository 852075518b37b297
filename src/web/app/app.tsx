import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { BrowserRouter } from 'react-router'
import type { Theme } from '../lib/theme.ts'
import { createToolAnalyticsCache } from '../lib/tool-analytics.ts'
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

export function App({ initialTheme }: { initialTheme: Theme }) {
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
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <Suspense>
          <ThemedToaster />
        </Suspense>
      </ThemeProvider>
    </QueryClientProvider>
  )
}
