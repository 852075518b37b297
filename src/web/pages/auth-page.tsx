import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClass } from '../components/button.tsx'
import { Card } from '../components/card.tsx'
import { paths } from '../lib/routes.ts'
import { useDocumentMeta } from '../lib/use-document-meta.ts'

export function AuthPage() {
  useDocumentMeta({ title: 'Sign In | NetToolbox' })
  return (
    <Card className="mx-auto max-w-md p-8 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">Sign In</h1>
      <p className="mt-3 text-sm text-muted-foreground">
        Accounts are not available yet. Every tool works without one.
      </p>
      <Link to={paths.home} className={buttonClass({ variant: 'outline', className: 'mt-6' })}>
        <ArrowLeft aria-hidden="true" />
        Back to Home
      </Link>
    </Card>
  )
}
