// /r/:id — a shared result, read-only: the tool's own view of the stored answer, its input, when and
// where it was measured, Run again (the tool page with the input, run at once), and Unshare for
// shares made from this browser. A measurement from several places shows its side-by-side view.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { format } from 'date-fns'
import { House, Link2Off, Pin, PinOff, Play } from 'lucide-react'
import { type ReactNode, useEffect, useState } from 'react'
import { Link, useParams } from 'react-router'
import { toast } from 'sonner'
import { findEntry, isToolId } from '../../shared/catalogue.ts'
import { isStoredMeasurement, type StoredMeasurement } from '../../shared/measurements.ts'
import { type SharedResult, sharedResult } from '../../shared/results.ts'
import type { ToolAnswer } from '../../shared/tools/tool-answer.ts'
import { toolManifest } from '../catalogue/feature-manifests.tsx'
import { Button, buttonClass } from '../components/button.tsx'
import { Card } from '../components/card.tsx'
import { OutputBox } from '../components/output-box.tsx'
import { ApiError } from '../lib/api.ts'
import { requestJson } from '../lib/api-request.ts'
import { inputFitsAddress } from '../lib/input-in-address.ts'
import { forgetShare, ownShare } from '../lib/own-shares.ts'
import { shareExpiryText } from '../lib/share-expiry.ts'
import { useDocumentMeta } from '../lib/use-document-meta.ts'
import { optionsQuery } from '../tool-panel/run-entries.ts'

async function fetchShared(id: string): Promise<SharedResult | null> {
  try {
    return sharedResult.parse(await requestJson('GET', `/api/results/${encodeURIComponent(id)}`))
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

/**
 * The tool page with the input filled in and run once (`?q=`; `?run=1` for a tool without input),
 * with the run's options and, when the result is a measurement, from the same places (`extra`:
 * options, then `from` or `probes`). A result whose input spans lines (pasted headers) offers no Run
 * again: that input never goes in an address.
 */
function runAgainLink(route: string, input: string, extra: [string, string][] = []): string {
  const params = new URLSearchParams(input ? { q: input } : { run: '1' })
  for (const [name, value] of extra) params.append(name, value)
  return `/${route}?${params}`
}

interface MeasurementParts {
  view: ReactNode
  runAgain: [string, string][]
  places: string
}

/** A stored measurement's side-by-side view (each location drawn with the tool's own view), once loaded. */
function useMeasurementView(stored: StoredMeasurement | undefined): MeasurementParts | null {
  const [parts, setParts] = useState<MeasurementParts | null>(null)
  useEffect(() => {
    if (!stored) return
    let current = true
    Promise.all([toolManifest(stored.tool).load(), import('../features/measurements/index.ts')]).then(
      ([{ tool }, m]) => {
        if (!current) return
        setParts({
          view: <m.StoredMeasurementView stored={stored} renderAnswer={m.answerRenderer(tool)} />,
          runAgain: m.writeRunFrom(m.runFromOfStored(stored)),
          places: m.measuredFrom(stored.results),
        })
      },
    )
    return () => {
      current = false
    }
  }, [stored])
  return parts
}

/** The tool's own structured view of the answer, once its module has loaded. */
function useToolView(shared: SharedResult | null | undefined): ReactNode {
  const [view, setView] = useState<ReactNode>(null)
  useEffect(() => {
    if (!shared?.result || !isToolId(shared.tool) || isStoredMeasurement(shared.result)) return
    let current = true
    const answer = shared as ToolAnswer
    toolManifest(shared.tool)
      .load()
      .then(({ tool }) => {
        if (!current) return
        setView(tool.renderDetails ? tool.renderDetails(answer) : (tool.live?.render([], answer) ?? null))
      })
    return () => {
      current = false
    }
  }, [shared])
  return view
}

function NotShared() {
  return (
    <div className="flex flex-col items-center py-24 text-center">
      <p className="font-mono text-sm font-medium text-muted-foreground">404</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">Result not found</h1>
      <p className="mt-3 max-w-md text-muted-foreground">
        This shared result does not exist, was unshared or has expired.
      </p>
      <Link to="/" className={buttonClass({ className: 'mt-8' })}>
        <House aria-hidden="true" />
        Return to Home
      </Link>
    </div>
  )
}

export function ResultPage() {
  const { id = '' } = useParams()
  const queryClient = useQueryClient()
  const query = useQuery({ queryKey: ['shared-result', id], queryFn: () => fetchShared(id), retry: false })
  const shared = query.data
  const entry = shared ? findEntry(shared.tool) : undefined
  const toolName = entry?.name ?? shared?.tool ?? 'Tool'
  useDocumentMeta({
    title: shared
      ? `${toolName} result${shared.input ? ` for ${shared.input}` : ''} | NetToolbox`
      : 'Shared result | NetToolbox',
  })
  const details = useToolView(shared)
  const stored = shared && isStoredMeasurement(shared.result) ? shared.result : undefined
  const measurement = useMeasurementView(stored)
  const [unsharing, setUnsharing] = useState(false)
  const deleteToken = ownShare(id)

  async function unshare() {
    setUnsharing(true)
    try {
      const query = deleteToken ? `?deleteToken=${encodeURIComponent(deleteToken)}` : ''
      await requestJson('DELETE', `/api/results/${encodeURIComponent(id)}${query}`)
      forgetShare(id)
      toast.success('Result unshared: its link no longer works')
      await queryClient.invalidateQueries({ queryKey: ['shared-result', id] })
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Could not unshare this result')
    } finally {
      setUnsharing(false)
    }
  }

  async function setPinned(pinned: boolean) {
    try {
      const updated = sharedResult.parse(
        await requestJson('PATCH', `/api/results/${encodeURIComponent(id)}`, { pinned }),
      )
      queryClient.setQueryData(['shared-result', id], updated)
      toast.success(
        pinned
          ? 'Pinned: this result never expires'
          : `Unpinned: this link now expires like any other. ${shareExpiryText(updated.expiresAt)}`,
      )
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Could not change the pin')
    }
  }

  if (query.isPending) return <p className="py-24 text-center text-muted-foreground">Loading...</p>
  if (query.isError)
    return (
      <p className="py-24 text-center text-muted-foreground" role="alert">
        {query.error instanceof ApiError ? query.error.message : 'Could not load this result'}
      </p>
    )
  if (!shared) return <NotShared />

  const answer = shared as ToolAnswer
  const state =
    shared.status === 'ok'
      ? ({ kind: 'success', lines: shared.lines, answer } as const)
      : ({ kind: 'error', message: shared.error ?? 'The run failed', lines: shared.lines, answer } as const)
  return (
    <Card className="mx-auto max-w-4xl p-6 sm:p-8">
      <p className="text-sm text-muted-foreground">Shared result</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight">{toolName}</h1>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {shared.input && (
          <>
            <dt className="text-muted-foreground">Input</dt>
            <dd className="font-mono break-all">{shared.input}</dd>
          </>
        )}
        <dt className="text-muted-foreground">Measured</dt>
        <dd>
          <time dateTime={shared.createdAt}>{format(new Date(shared.createdAt), 'MMM d, yyyy HH:mm:ss')}</time>
        </dd>
        <dt className="text-muted-foreground">{stored ? 'Measured from' : 'Measured by'}</dt>
        <dd className={stored ? 'break-words' : 'break-all'}>
          {stored ? (measurement?.places ?? '…') : shared.server}
        </dd>
        <dt className="text-muted-foreground">Took</dt>
        <dd>{(shared.durationMs / 1000).toFixed(2)} s</dd>
        <dt className="text-muted-foreground">Link</dt>
        <dd data-testid="share-expiry">
          {shared.expiresAt ? (
            <time dateTime={shared.expiresAt}>{shareExpiryText(shared.expiresAt)}</time>
          ) : (
            shareExpiryText(null)
          )}
        </dd>
      </dl>
      <div className="mt-5 flex flex-wrap gap-2">
        {entry?.kind === 'tool' && inputFitsAddress(shared.input) && (
          <Link
            to={runAgainLink(entry.route, shared.input, [
              ...optionsQuery(shared.options),
              ...(measurement?.runAgain ?? []),
            ])}
            className={buttonClass()}
          >
            <Play aria-hidden="true" />
            Run again
          </Link>
        )}
        {deleteToken === '' && (
          <Button variant="outline" onClick={() => setPinned(!shared.pinned)} aria-pressed={shared.pinned}>
            {shared.pinned ? <PinOff aria-hidden="true" /> : <Pin aria-hidden="true" />}
            {shared.pinned ? 'Unpin' : 'Pin'}
          </Button>
        )}
        {deleteToken !== undefined && (
          <Button variant="outline" onClick={unshare} disabled={unsharing} aria-busy={unsharing}>
            <Link2Off aria-hidden="true" />
            Unshare
          </Button>
        )}
      </div>
      <div className="mt-6">
        {stored ? (
          (measurement?.view ?? <OutputBox state={{ kind: 'loading' }} loadingLabel="Loading..." />)
        ) : (
          <OutputBox state={state} details={details} />
        )}
      </div>
    </Card>
  )
}
