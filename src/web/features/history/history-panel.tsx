import { ClockFading, LogIn } from 'lucide-react'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { findEntry } from '../../../shared/catalogue.ts'
import { buttonClass } from '../../components/button.tsx'
import { Field } from '../../components/field.tsx'
import { Input, Select } from '../../components/input.tsx'
import { PanelFrame } from '../../components/panel-frame.tsx'
import { Spinner } from '../../components/spinner.tsx'
import { useAuth } from '../../lib/auth-state.ts'
import { paths } from '../../lib/routes.ts'
import { HistoryEntry } from './history-entry.tsx'
import { useDeleteHistoryItem, useHistory } from './use-history.ts'
import { usePinHistoryItem } from './use-pin.ts'

export const historyCard = {
  id: 'history',
  name: 'History',
  description: 'Your saved tool results',
} as const

export interface HistoryPanelProps {
  signedIn: boolean
  loading: boolean
}

const nameOf = (toolName: string) => findEntry(toolName)?.name ?? toolName

/** The heading's count follows the search and tool filter: "3", or "1 of 3" while filtered. */
export function historyCount(shown: number, all: number): string {
  return shown === all ? String(all) : `${shown} of ${all}`
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
  const { remove, hidden } = useDeleteHistoryItem(userId)
  const pin = usePinHistoryItem(userId)
  const [expandedId, setExpandedId] = useState<string | null>(null)
  const [search, setSearch] = useState('')
  const [tool, setTool] = useState('')
  const searchId = useId()
  const toolId = useId()

  if (history.isPending) return <Spinner label="Loading history..." className="flex justify-center py-10" />
  if (history.isError)
    return (
      <p role="alert" className="py-10 text-center text-sm">
        Failed to load your history: {history.error.message}
      </p>
    )
  const items = history.data.filter((item) => !hidden.has(item.id))
  if (items.length === 0) {
    return (
      <div className="py-10 text-center">
        <p className="font-medium">No tool results yet</p>
        <p className="mt-1 text-sm text-muted-foreground">Run some tools to see your history here</p>
      </div>
    )
  }
  const tools = [...new Set(items.map((item) => item.toolName))].sort((a, b) => nameOf(a).localeCompare(nameOf(b)))
  const needle = search.trim().toLowerCase()
  const shown = items.filter(
    (item) =>
      (tool === '' || item.toolName === tool) &&
      (needle === '' ||
        (item.inputValue ?? '').toLowerCase().includes(needle) ||
        nameOf(item.toolName).toLowerCase().includes(needle)),
  )
  return (
    <section aria-labelledby="tool-history-heading">
      <h3 id="tool-history-heading" className="mb-3 text-lg font-semibold">
        Tool History ({historyCount(shown.length, items.length)})
      </h3>
      <div className="mb-3 flex flex-col gap-2 sm:flex-row">
        <Field id={searchId} label="Search history" className="flex-1">
          <Input
            id={searchId}
            type="search"
            value={search}
            placeholder="Input or tool name"
            onChange={(event) => setSearch(event.target.value)}
          />
        </Field>
        <Field id={toolId} label="Tool">
          <Select id={toolId} value={tool} onChange={(event) => setTool(event.target.value)}>
            <option value="">All tools</option>
            {tools.map((id) => (
              <option key={id} value={id}>
                {nameOf(id)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {shown.length === 0 && <p className="py-6 text-center text-sm text-muted-foreground">No saved result matches.</p>}
      <ul className="space-y-3">
        {shown.map((item) => (
          <HistoryEntry
            key={item.id}
            item={item}
            expanded={expandedId === item.id}
            onToggle={() => setExpandedId((current) => (current === item.id ? null : item.id))}
            onDelete={() => remove(item.id)}
            deleting={false}
            onPin={(pinned) => pin.mutate({ item, pinned })}
            pinning={pin.isPending}
          />
        ))}
      </ul>
    </section>
  )
}

export function HistoryPanel({ signedIn, loading }: HistoryPanelProps) {
  const { user } = useAuth()
  return (
    <PanelFrame
      title={historyCard.name}
      description={historyCard.description}
      icon={<ClockFading className="size-5" aria-hidden="true" />}
    >
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
