import { format } from 'date-fns'
import { ChevronDown, ChevronUp, Trash2 } from 'lucide-react'
import { useId } from 'react'
import { findEntry } from '../../../shared/catalogue.ts'
import type { HistoryItem } from '../../../shared/history.ts'
import { Button } from '../../components/button.tsx'
import { formatResult } from './format-result.ts'

export interface HistoryEntryProps {
  item: HistoryItem
  expanded: boolean
  onToggle(): void
  onDelete(): void
  deleting: boolean
}

export function HistoryEntry({ item, expanded, onToggle, onDelete, deleting }: HistoryEntryProps) {
  const resultId = useId()
  const toolName = findEntry(item.toolName)?.name ?? item.toolName
  return (
    <li className="rounded-xl border border-border bg-card p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-medium">{toolName}</h3>
          <p className="text-xs text-muted-foreground">
            <time dateTime={item.createdAt}>{format(new Date(item.createdAt), 'MMM d, HH:mm')}</time>
          </p>
          {item.inputValue !== null && (
            <p className="mt-1 text-sm break-all">
              <span className="text-muted-foreground">Input: </span>
              <code className="font-mono">{item.inputValue}</code>
            </p>
          )}
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Delete result of ${toolName}`}
          onClick={onDelete}
          disabled={deleting}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      <pre
        id={resultId}
        data-testid="history-result"
        className={`mt-3 overflow-x-auto rounded-lg bg-zinc-950 p-3 font-mono text-xs whitespace-pre-wrap break-words text-zinc-100 ${expanded ? '' : 'max-h-24 overflow-y-hidden'}`}
      >
        {formatResult(item.resultData)}
      </pre>
      <Button
        variant="ghost"
        size="sm"
        className="mt-2"
        aria-expanded={expanded}
        aria-controls={resultId}
        onClick={onToggle}
      >
        {expanded ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
        {expanded ? 'Collapse' : 'Expand'}
      </Button>
    </li>
  )
}
