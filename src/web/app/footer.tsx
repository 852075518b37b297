import { Link } from 'react-router'
import { webConfig } from '../lib/config.ts'
import { paths } from '../lib/routes.ts'

export function Footer() {
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex max-w-[1600px] flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:px-6">
        <p>{webConfig.copyright}</p>
        <div className="flex items-center gap-4">
          <Link
            to={paths.privacy}
            className="focus-ring rounded underline-offset-4 hover:text-foreground hover:underline"
          >
            Privacy
          </Link>
          <p className="rounded-full border border-border px-2.5 py-0.5 font-mono text-xs tracking-wide">
            {webConfig.versionLabel}
          </p>
        </div>
      </div>
    </footer>
  )
}
