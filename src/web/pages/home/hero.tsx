import { Link } from 'react-router'
import { homeHero } from '../../../shared/page-meta.ts'
import { paths } from '../../lib/routes.ts'

/** `signedIn` is null while the sign-in state is not known yet: no invitation to sign in then. */
export function Hero({ signedIn }: { signedIn: boolean | null }) {
  return (
    <section className="mx-auto max-w-3xl text-center">
      <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-5xl">{homeHero.heading}</h1>
      <p className="mt-4 text-base text-pretty text-muted-foreground sm:text-lg">{homeHero.lead}</p>
      {signedIn === false && (
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
