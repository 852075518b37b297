import { ArrowRight, ClockFading, Gift, Save, ShieldCheck } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClass } from '../components/button.tsx'
import { Card } from '../components/card.tsx'
import { useAuth } from '../lib/auth-state.ts'
import { paths } from '../lib/routes.ts'

const benefits = [
  { icon: Save, title: 'Save Results', text: 'Every successful tool result is saved to your account automatically.' },
  {
    icon: ClockFading,
    title: 'Access History',
    text: 'Review your last 50 results at any time, and delete the ones you no longer need.',
  },
  {
    icon: ShieldCheck,
    title: 'Secure & Private',
    text: 'Your history is yours alone: each user sees only their own results.',
  },
  { icon: Gift, title: 'Always Free', text: 'All features stay free, with or without an account.' },
] as const

function WelcomeBack() {
  return (
    <Card className="mx-auto max-w-md p-8 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">Welcome Back</h1>
      <p className="mt-3 text-sm text-muted-foreground">Your results are saved to your history as you work.</p>
      <Link to={paths.home} className={buttonClass({ className: 'mt-6' })}>
        Continue to Tools
        <ArrowRight aria-hidden="true" />
      </Link>
    </Card>
  )
}

export function BenefitsPage() {
  const { user } = useAuth()
  if (user) return <WelcomeBack />
  return (
    <div className="mx-auto max-w-4xl">
      <div className="text-center">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Why create an account?</h1>
        <p className="mt-3 text-muted-foreground">Every tool works without one. An account adds a personal history.</p>
      </div>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2">
        {benefits.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Card className="h-full p-6">
              <span className="grid size-10 place-items-center rounded-xl bg-accent-soft text-accent">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h2 className="mt-4 font-semibold">{title}</h2>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </Card>
          </li>
        ))}
      </ul>
      <div className="mt-10 flex flex-col items-center gap-4">
        <div className="flex flex-wrap justify-center gap-3">
          <Link to={paths.auth} className={buttonClass()}>
            Create Free Account
          </Link>
          <Link to={paths.home} className={buttonClass({ variant: 'outline' })}>
            Continue Without Account
          </Link>
        </div>
        <p className="text-sm text-muted-foreground">
          Already have an account?{' '}
          <Link
            to={paths.auth}
            className="focus-ring rounded font-medium text-accent underline-offset-4 hover:underline"
          >
            Sign in here
          </Link>
        </p>
      </div>
    </div>
  )
}
