import { LogIn } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { buttonClass } from '../../components/button.tsx'
import { PanelFrame } from '../../components/panel-frame.tsx'
import { Spinner } from '../../components/spinner.tsx'
import { ToolIcon } from '../../components/tool-icon.tsx'
import { paths } from '../../lib/routes.ts'
import { useAuth } from '../auth/index.ts'
import { HistoryEntry } from './history-entry.tsx'
import { useDeleteHistoryItem, useHistory } from './use-history.ts'

export const historyCard = {
  id: 'history',
  name: 'History',
  description: 'Your saved tool results',
} as const

export interface HistoryPanelProps {
  signedIn: boolean
  loading: boolean
}

function SignInPrompt() {
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

function HistoryList({ userId }: { userId: string }) {
  const history = useHistory(userId)
  const remove = useDeleteHistoryItem(userId)
  const [expandedId, setExpandedId] = useState<string | null>(null)

  if (history.isPending) return <Spinner label="Loading history..." className="flex justify-center py-10" />
  if (history.isError)
    return (
      <p role="alert" className="py-10 text-center text-sm">
        Failed to load your history: {history.error.message}
      </p>
    )
  const items = history.data
  if (items.length === 0) {
    return (
      <div className="py-10 text-center">
        <p className="font-medium">No tool results yet</p>
        <p className="mt-1 text-sm text-muted-foreground">Run some tools to see your history here</p>
      </div>
    )
  }
  return (
    <section aria-labelledby="tool-history-heading">
      <h3 id="tool-history-heading" className="mb-3 text-lg font-semibold">
        Tool History ({items.length})
      </h3>
      <ul className="max-h-[600px] space-y-3 overflow-y-auto pr-1">
        {items.map((item) => (
          <HistoryEntry
            key={item.id}
            item={item}
            expanded={expandedId === item.id}
            onToggle={() => setExpandedId((current) => (current === item.id ? null : item.id))}
            onDelete={() => remove.mutate(item.id)}
            deleting={remove.isPending && remove.variables === item.id}
          />
        ))}
      </ul>
    </section>
  )
}

export function HistoryPanel({ signedIn, loading }: HistoryPanelProps) {
  const { user } = useAuth()
  return (
    <PanelFrame title={historyCard.name} description={historyCard.description} icon={<ToolIcon id={historyCard.id} />}>
      {loading ? (
        <Spinner label="Loading..." className="flex justify-center py-10" />
      ) : signedIn && user ? (
        <HistoryList userId={user.id} />
      ) : (
        <SignInPrompt />
      )}
    </PanelFrame>
  )
}
