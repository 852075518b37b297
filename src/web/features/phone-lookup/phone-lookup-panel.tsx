// Reverse phone lookup (docs/product.md): the number's facts from the numbering plan and our users'
// spam reports; signed-in users can report the number.
import { Search } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { toast } from 'sonner'
import type { PhoneLookupData } from '../../../shared/tools/phone/schema.ts'
import { Button } from '../../components/button.tsx'
import { ClearResultsButton } from '../../components/clear-results-button.tsx'
import { EntryFrame } from '../../components/entry-frame.tsx'
import { Field } from '../../components/field.tsx'
import { Input } from '../../components/input.tsx'
import { Spinner } from '../../components/spinner.tsx'
import { useAuth } from '../../lib/auth-state.ts'
import type { PanelProps } from '../../lib/panel-props.ts'
import { FieldMessage, fieldMessageProps } from '../../tool-panel/index.ts'
import { checkPhoneInput, PHONE_MESSAGES } from './phone-outcome.ts'
import { PhoneReportForm } from './phone-report-form.tsx'
import { PhoneResultCard } from './phone-result-card.tsx'
import { usePhoneLookup } from './use-phone-lookup.ts'

export function PhoneLookupPanel({ entry, variant, icon }: PanelProps) {
  const inputId = useId()
  const { user } = useAuth()
  const [value, setValue] = useState('')
  const [data, setData] = useState<PhoneLookupData | null>(null)
  /** The number refused: its message beside the field (and in the toast). */
  const [fieldError, setFieldError] = useState<string | null>(null)
  const lookup = usePhoneLookup()
  const loading = lookup.isPending

  function submit(event: FormEvent) {
    event.preventDefault()
    if (loading) return
    const check = checkPhoneInput(value)
    if (!check.ok) {
      setFieldError(check.message)
      document.getElementById(inputId)?.focus()
      toast.error(PHONE_MESSAGES.errorTitle, { description: check.message })
      return
    }
    setFieldError(null)
    setData(null)
    lookup.mutate(check.value, { onSuccess: setData })
  }

  function clear() {
    lookup.reset()
    setData(null)
  }

  const error = lookup.isError ? lookup.error.message : null
  const message = { id: `${inputId}-message`, error: fieldError }
  return (
    <EntryFrame entry={entry} variant={variant} icon={icon}>
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
        <Field
          id={inputId}
          label="Phone Number"
          hint="e.g. (212) 555-0123, or +44 7400 123456 for other countries"
          className="flex-1"
        >
          <Input
            id={inputId}
            type="tel"
            value={value}
            onChange={(e) => {
              setValue(e.target.value)
              setFieldError(null)
            }}
            {...fieldMessageProps(message)}
            autoComplete="off"
            inputMode="tel"
            enterKeyHint="search"
          />
        </Field>
        <div className="flex gap-2 sm:mb-5">
          <Button type="submit" disabled={loading} aria-busy={loading} className="flex-1 sm:flex-none">
            {loading ? <Spinner className="text-current" /> : <Search aria-hidden="true" />}
            {loading ? 'Looking up...' : 'Lookup'}
          </Button>
          {(data || error) && <ClearResultsButton onClick={clear} />}
        </div>
      </form>
      <FieldMessage {...message} />
      <div className="mt-5 space-y-4">
        {error && (
          <div role="alert" className="rounded-xl border border-danger/40 bg-danger/5 p-4 text-sm text-danger">
            {error}
          </div>
        )}
        {data && (
          <>
            <PhoneResultCard data={data} />
            <PhoneReportForm
              key={data.e164}
              data={data}
              signedIn={user !== null}
              onReported={(answer, verdict, category) => {
                const { number: _number, ...summary } = answer
                setData({ ...data, ...summary, yourReport: { verdict, category } })
              }}
            />
          </>
        )}
      </div>
    </EntryFrame>
  )
}
