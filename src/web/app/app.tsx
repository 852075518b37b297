import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { RouterProvider } from 'react-router'
import { Toaster } from 'sonner'
import type { Theme } from '../lib/theme.ts'
import { createAppRouter } from './router.tsx'
import { ThemeProvider, useTheme } from './theme-provider.tsx'

function ThemedToaster() {
  const { theme } = useTheme()
  return <Toaster theme={theme} position="top-right" offset={{ top: 72, right: 16 }} mobileOffset={{ top: 64 }} richColors closeButton />
}

export function App({ initialTheme }: { initialTheme: Theme }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }))
  const [router] = useState(createAppRouter)
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider initialTheme={initialTheme}>
        <RouterProvider router={router} />
        <ThemedToaster />
      </ThemeProvider>
    </QueryClientProvider>
  )
}
