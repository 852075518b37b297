import { Bug } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClass } from '../components/button.tsx'
import { webConfig } from '../lib/config.ts'
import { paths } from '../lib/routes.ts'
import { siteSettings } from '../lib/site-settings.ts'
import { DocumentationDialog } from './documentation-dialog.tsx'
import { HeaderAuth } from './header-auth.tsx'
import { ThemeToggle } from './theme-toggle.tsx'

function Logo() {
  return (
    <svg viewBox="0 0 32 32" className="hidden size-7 min-[400px]:block" aria-hidden="true">
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        d="M8 20l5-5 4 4 7-8"
        fill="none"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="stroke-primary-foreground"
      />
    </svg>
  )
}

export function Header() {
  const { reportIssueUrl } = siteSettings()
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/80 backdrop-blur-md supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-14 max-w-[1600px] items-center justify-between gap-2 px-3 sm:px-6">
        <Link to={paths.home} className="focus-ring flex items-center gap-2 rounded-lg font-semibold tracking-tight">
          <Logo />
          <span className="text-base">{webConfig.productName}</span>
        </Link>
        <nav aria-label="Main" className="flex items-center gap-0.5 sm:gap-1">
          <DocumentationDialog />
          {reportIssueUrl && (
            <a
              href={reportIssueUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass({ variant: 'ghost', size: 'nav' })}
            >
              <Bug aria-hidden="true" />
              <span className="sr-only md:not-sr-only">Report Issue</span>
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
          <ThemeToggle />
          <span className="mx-1 hidden h-5 w-px bg-border sm:block" aria-hidden="true" />
          <HeaderAuth />
        </nav>
      </div>
    </header>
  )
}
