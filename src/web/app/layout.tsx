import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { Spinner } from '../components/spinner.tsx'
import { Footer } from './footer.tsx'
import { Header } from './header.tsx'
import { PageAnalytics } from './page-analytics.tsx'
import { ScrollOnNavigate } from './scroll-on-navigate.tsx'

function PageLoading() {
  return (
    <div className="flex justify-center py-24">
      <Spinner label="Loading..." />
    </div>
  )
}

export function Layout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <ScrollOnNavigate />
      <PageAnalytics />
      <a
        href="#main"
        className="focus-ring sr-only z-50 rounded-lg bg-card px-3 py-2 text-sm focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header />
      {/* Focusable from the skip link only, so the next Tab goes on from the page's content. */}
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto min-h-screen w-full max-w-[1600px] flex-1 px-3 py-8 outline-none sm:px-6 sm:py-10"
      >
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  )
}
