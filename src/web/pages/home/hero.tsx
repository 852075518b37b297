import { Link } from 'react-router'
import { paths } from '../../lib/routes.ts'

export function Hero({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="mx-auto max-w-3xl text-center">
      <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-5xl">Network Diagnostic Toolkit</h1>
      <p className="mt-4 text-base text-pretty text-muted-foreground sm:text-lg">
        Ping, trace, look up and check any host from our server. Real results, free, no account needed.
      </p>
      {!signedIn && (
        <p className="mt-3 text-sm text-muted-foreground">
          <Link
            to={paths.auth}
            className="focus-ring rounded font-medium text-accent underline-offset-4 hover:underline"
          >
            Sign in
          </Link>{' '}
          to save your results and view your history.
        </p>
      )}
    </section>
  )
}
