// What a visitor sees where monitors would be: they need an account, with links to sign in or sign up.
import { Link } from 'react-router'
import { buttonClass } from '../../components/button.tsx'
import { paths } from '../../lib/routes.ts'

export function NeedsAccount({ what = 'this check' }: { what?: string }) {
  return (
    <div className="space-y-3 text-sm">
      <p>
        Monitors need a free account. With one, NetToolbox runs {what} on a schedule and tells you by e-mail or webhook
        when its result changes.
      </p>
      <div className="flex flex-wrap gap-2">
        <Link to={paths.auth} className={buttonClass({ size: 'sm' })}>
          Sign in
        </Link>
        <Link to={paths.signUp} className={buttonClass({ variant: 'outline', size: 'sm' })}>
          Create free account
        </Link>
      </div>
    </div>
  )
}
