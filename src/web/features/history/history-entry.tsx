import { format } from 'date-fns'
import {
  ChevronDown,
  ChevronUp,
  CircleAlert,
  Link2,
  Pin,
  PinOff,
  Play,
  SquareArrowOutUpRight,
  Trash2,
} from 'lucide-react'
import { useId } from 'react'
import { Link } from 'react-router'
import { type CatalogueEntry, findEntry } from '../../../shared/catalogue.ts'
import type { HistoryItem, RunOptions } from '../../../shared/history.ts'
import { isStoredMeasurement } from '../../../shared/measurements.ts'
import { resultPath } from '../../../shared/results.ts'
import { Button, buttonClass } from '../../components/button.tsx'
import { inputFitsAddress } from '../../lib/input-in-address.ts'
import { runFromOfStored, writeRunFrom } from '../../lib/run-from.ts'
import { useStoredMeasurementText } from '../../lib/stored-measurement-text.ts'
import { optionsQuery } from '../../tool-panel/index.ts'
import { resultLines } from './result-lines.ts'

/**
 * The tool's page with the saved input: `?q=` runs it once when opened (`run`), `?input=` only fills
 * the field; a tool without input is run by `?run=1`. The run's options come along (`type=MX`...), and
 * a measurement's places (`from` or `probes`), so it asks the same from the same places again. An
 * input that spans lines (pasted headers) never goes in the address: the tool's page opens empty.
 */
export function toolLink(
  entry: CatalogueEntry,
  input: string | null,
  run: boolean,
  from: unknown = null,
  options: RunOptions | null = null,
): string {
  const params = new URLSearchParams()
  if (input !== null) {
    if (inputFitsAddress(input)) params.set(run ? 'q' : 'input', input)
  } else if (run) params.set('run', '1')
  for (const [name, value] of optionsQuery(options)) params.set(name, value)
  if (isStoredMeasurement(from))
    for (const [name, value] of writeRunFrom(runFromOfStored(from))) params.set(name, value)
  const query = params.toString()
  return `/${entry.route}${query ? `?${query}` : ''}`
}

export interface HistoryEntryProps {
  item: HistoryItem
  expanded: boolean
  onToggle(): void
  onDelete(): void
  deleting: boolean
  /** Pins (true) or unpins (false) the entry's permalink; absent where pinning is not offered. */
  onPin?(pinned: boolean): void
  pinning?: boolean
}

export function HistoryEntry({ item, expanded, onToggle, onDelete, deleting, onPin, pinning }: HistoryEntryProps) {
  const resultId = useId()
  const entry = findEntry(item.toolName)
  const toolName = entry?.name ?? item.toolName
  // Run again goes through the address, which an input of several lines never takes.
  const rerunnable = entry?.kind === 'tool' && inputFitsAddress(item.inputValue)
  const withInput = item.inputValue && inputFitsAddress(item.inputValue) ? ` with ${item.inputValue}` : ''
  const failed = item.status === 'failed'
  const measurementText = useStoredMeasurementText()
  const lines = failed && item.resultData === null ? [] : resultLines(item.toolName, item.resultData, measurementText)
  const shown = failed ? [`Error: ${item.error ?? 'the run failed'}`, ...lines] : lines
  // A measurement from several places keeps its options inside its stored result.
  const runOptions = item.options ?? (isStoredMeasurement(item.resultData) ? item.resultData.options : null)
  const options = optionsQuery(runOptions)
  const pinned = item.share?.pinned === true
  const pinnable = onPin && (item.share || item.runId)
  return (
    <li className="rounded-xl border border-border bg-card p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="flex items-center gap-2 font-medium">
            {toolName}
            {failed && ' '}
            {failed && (
              <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800 dark:bg-red-950 dark:text-red-200">
                <CircleAlert className="size-3" aria-hidden="true" />
                Failed
              </span>
            )}
            {pinned && (
              <span
                className="inline-flex items-center gap-1 rounded-full bg-muted px-2 py-0.5 text-xs font-medium"
                data-testid="history-pinned"
              >
                <Pin className="size-3" aria-hidden="true" />
                Pinned
              </span>
            )}
          </h3>
          <p className="text-xs text-muted-foreground">
            <time dateTime={item.createdAt}>{format(new Date(item.createdAt), 'MMM d, HH:mm')}</time>
          </p>
          {item.inputValue !== null && (
            <p className="mt-1 text-sm break-all">
              <span className="text-muted-foreground">Input: </span>
              <code className="font-mono">{item.inputValue}</code>
            </p>
          )}
          {options.length > 0 && (
            <p className="mt-1 text-sm break-all">
              <span className="text-muted-foreground">Options: </span>
              <code className="font-mono">{options.map(([name, value]) => `${name}=${value}`).join(' ')}</code>
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
        {shown.join('\n')}
      </pre>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Button variant="ghost" size="sm" aria-expanded={expanded} aria-controls={resultId} onClick={onToggle}>
          {expanded ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
          {expanded ? 'Collapse' : 'Expand'}
        </Button>
        {entry && (
          <Link
            to={toolLink(entry, item.inputValue, false, item.resultData, runOptions)}
            className={buttonClass({ variant: 'ghost', size: 'sm' })}
            aria-label={`Open in tool: ${toolName}${withInput}`}
          >
            <SquareArrowOutUpRight aria-hidden="true" />
            Open in tool
          </Link>
        )}
        {entry && rerunnable && (
          <Link
            to={toolLink(entry, item.inputValue, true, item.resultData, runOptions)}
            className={buttonClass({ variant: 'ghost', size: 'sm' })}
            aria-label={`Run again: ${toolName}${withInput}`}
          >
            <Play aria-hidden="true" />
            Run again
          </Link>
        )}
        {item.share && (
          <Link
            to={resultPath(item.share.id)}
            className={buttonClass({ variant: 'ghost', size: 'sm' })}
            aria-label={`Permalink of ${toolName}${pinned ? ' (pinned, never expires)' : ''}`}
          >
            <Link2 aria-hidden="true" />
            Permalink
          </Link>
        )}
        {pinnable && (
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={pinned}
            aria-label={`${pinned ? 'Unpin' : 'Pin'} result of ${toolName}${item.inputValue ? ` for ${item.inputValue}` : ''}`}
            onClick={() => onPin(!pinned)}
            disabled={pinning}
          >
            {pinned ? <PinOff aria-hidden="true" /> : <Pin aria-hidden="true" />}
            {pinned ? 'Unpin' : 'Pin'}
          </Button>
        )}
      </div>
    </li>
  )
}
