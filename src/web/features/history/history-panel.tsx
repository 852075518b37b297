import { LogIn } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClass } from '../../components/button.tsx'
import { PanelFrame } from '../../components/panel-frame.tsx'
import { Spinner } from '../../components/spinner.tsx'
import { ToolIcon } from '../../components/tool-icon.tsx'
import { paths } from '../../lib/routes.ts'

export const historyCard = {
  id: 'history',
  name: 'History',
  description: 'Your saved tool results',
} as const

export interface HistoryPanelProps {
  signedIn: boolean
  loading: boolean
}

function HistoryBody({ signedIn, loading }: HistoryPanelProps) {
  if (loading) return <Spinner label="Loading history..." />
  if (!signedIn) {
    return (
      <div className="flex flex-col items-center gap-4 py-10 text-center">
        <p className="text-muted-foreground">Sign in to view your history</p>
        <Link to={paths.auth} className={buttonClass()}>
          <LogIn aria-hidden="true" />
          Sign In / Sign Up
        </Link>
      </div>
    )
  }
  return <p className="text-sm text-muted-foreground">History is not available yet.</p>
}

export function HistoryPanel(props: HistoryPanelProps) {
  return (
    <PanelFrame title={historyCard.name} description={historyCard.description} icon={<ToolIcon id={historyCard.id} />}>
      <HistoryBody {...props} />
    </PanelFrame>
  )
}
