// Bulk mode of a lookup tool: many inputs pasted (one per line) or read from a CSV file, options chosen
// once for the batch, run on the server a few at a time (POST /api/bulk/:tool), each row's answer shown
// as it finishes, and the rows exported as CSV or JSON with the options they ran with.
import { Download, Play } from 'lucide-react'
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { toast } from 'sonner'
import type { BulkRow, BulkToolId } from '../../../shared/bulk.ts'
import { Button } from '../../components/button.tsx'
import { EntryFrame } from '../../components/entry-frame.tsx'
import { Field } from '../../components/field.tsx'
import { Input } from '../../components/input.tsx'
import { Spinner } from '../../components/spinner.tsx'
import type { PanelProps } from '../../lib/panel-props.ts'
import { downloadText } from '../../lib/result-export.ts'
import { bulkCsv, bulkFileName, bulkJson } from './bulk-export.ts'
import { parseBulkLines, readCsvFirstColumn } from './bulk-inputs.ts'
import { BulkOptionFields } from './bulk-option-fields.tsx'
import { type BulkControls, describeBulkOptions, initialBulkControls, readBulkOptions } from './bulk-options.ts'
import { type BulkLine, BulkTable } from './bulk-table.tsx'
import { streamBulk } from './stream-bulk.ts'

const textareaClass =
  'focus-ring min-h-40 w-full rounded-lg border border-input bg-card px-3 py-2 font-mono text-sm text-foreground shadow-xs placeholder:text-muted-foreground'

export function BulkPanel({ entry, variant, icon, tool }: PanelProps & { tool: BulkToolId }) {
  const id = useId()
  const [text, setText] = useState('')
  const [controls, setControls] = useState<BulkControls>(initialBulkControls)
  const [submitted, setSubmitted] = useState<string[]>([])
  /** The options the shown rows ran with. */
  const [ranWith, setRanWith] = useState<{ options?: object; words: string }>({ words: '' })
  const [rows, setRows] = useState<BulkRow[]>([])
  const [running, setRunning] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const controller = useRef<AbortController | null>(null)
  useEffect(() => () => controller.current?.abort(), [])

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    if (file) setText(readCsvFirstColumn(await file.text()).join('\n'))
  }

  async function run(event: FormEvent) {
    event.preventDefault()
    if (running) return
    const inputs = parseBulkLines(text)
    if (inputs.length === 0) {
      toast.error('Enter at least one input')
      return
    }
    const checked = readBulkOptions(tool, controls)
    if (!checked.ok) {
      setError(checked.message)
      toast.error(checked.message)
      return
    }
    controller.current?.abort()
    const current = new AbortController()
    controller.current = current
    setSubmitted(inputs)
    setRanWith({ options: checked.options, words: describeBulkOptions(tool, checked.options) })
    setRows([])
    setError(null)
    setRunning(true)
    try {
      const summary = await streamBulk(tool, checked.options ? { inputs, options: checked.options } : { inputs }, {
        signal: current.signal,
        onRow: (row) => setRows((done) => [...done, row]),
      })
      const text = `${entry.name}: ${summary.ok} of ${summary.total} completed successfully`
      if (summary.ok === summary.total) toast.success(text)
      else toast.warning(text)
    } catch (failure) {
      if (current.signal.aborted) return
      const message = failure instanceof Error ? failure.message : 'The bulk run failed'
      setError(message)
      toast.error(`${entry.name} failed: ${message}`)
    } finally {
      if (!current.signal.aborted) setRunning(false)
    }
  }

  const byIndex = new Map(rows.map((row) => [row.index, row]))
  const lines: BulkLine[] = submitted.map((input, index) => ({ index, input, row: byIndex.get(index) }))
  const exportable = rows.length > 0 && !running

  return (
    <EntryFrame entry={entry} variant={variant} icon={icon}>
      <form onSubmit={run} className="space-y-4" noValidate>
        <Field
          id={`${id}-inputs`}
          label="Inputs, one per line"
          hint="Or read them from the first column of a CSV file."
        >
          <textarea
            id={`${id}-inputs`}
            className={textareaClass}
            value={text}
            onChange={(event) => setText(event.target.value)}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
          />
        </Field>
        <BulkOptionFields
          tool={tool}
          controls={controls}
          disabled={running}
          onChange={(patch) => setControls((current) => ({ ...current, ...patch }))}
        />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field id={`${id}-file`} label="CSV file" className="flex-1">
            <Input id={`${id}-file`} type="file" accept=".csv,.txt,text/csv,text/plain" onChange={readFile} />
          </Field>
          <Button type="submit" disabled={running} aria-busy={running}>
            {running ? <Spinner className="text-current" /> : <Play aria-hidden="true" />}
            Run all
          </Button>
        </div>
      </form>
      <div className="mt-5 space-y-3">
        {submitted.length > 0 && (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="space-y-1">
              <p role="status" aria-live="polite" className="text-sm">
                {rows.length} of {submitted.length} done
              </p>
              {ranWith.words && <p className="text-sm text-muted-foreground">Options: {ranWith.words}</p>}
            </div>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={!exportable}
                onClick={() =>
                  downloadText(bulkCsv(rows, ranWith.words), bulkFileName(tool, new Date(), 'csv'), 'text/csv')
                }
              >
                <Download aria-hidden="true" />
                Export CSV
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={!exportable}
                onClick={() =>
                  downloadText(
                    `${JSON.stringify(bulkJson(tool, rows, ranWith.options), null, 2)}\n`,
                    bulkFileName(tool, new Date(), 'json'),
                    'application/json',
                  )
                }
              >
                <Download aria-hidden="true" />
                Export JSON
              </Button>
            </div>
          </div>
        )}
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        {submitted.length > 0 && (
          <div className="rounded-xl bg-zinc-950 p-4 text-zinc-100">
            <BulkTable lines={lines} />
          </div>
        )}
      </div>
    </EntryFrame>
  )
}
