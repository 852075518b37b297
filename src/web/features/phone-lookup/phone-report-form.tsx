import { Flag } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { Link } from 'react-router'
import { toast } from 'sonner'
import {
  CATEGORY_LABELS,
  type PhoneLookupData,
  type PhoneReportAnswer,
  type PhoneVerdict,
  SPAM_CATEGORIES,
  type SpamCategory,
  spamCategory,
} from '../../../shared/tools/phone/schema.ts'
import { Button } from '../../components/button.tsx'
import { Select } from '../../components/input.tsx'
import { paths } from '../../lib/routes.ts'
import { reportPhoneNumber } from './phone-api.ts'

export interface PhoneReportFormProps {
  data: PhoneLookupData
  signedIn: boolean
  onReported(answer: PhoneReportAnswer, verdict: PhoneVerdict, category: SpamCategory | null): void
}

/** Signed-in users vote a number spam or not spam; voting again replaces their earlier vote. */
export function PhoneReportForm({ data, signedIn, onReported }: PhoneReportFormProps) {
  const id = useId()
  const [verdict, setVerdict] = useState<PhoneVerdict>(data.yourReport?.verdict ?? 'spam')
  const [category, setCategory] = useState<SpamCategory>(data.yourReport?.category ?? 'telemarketing')
  const [sending, setSending] = useState(false)

  const chooseCategory = (value: string) => {
    const parsed = spamCategory.safeParse(value)
    if (parsed.success) setCategory(parsed.data)
  }

  if (!signedIn) {
    return (
      <p className="text-sm text-muted-foreground">
        <Link to={paths.auth} className="font-medium text-accent underline-offset-4 hover:underline">
          Sign in
        </Link>{' '}
        to report this number as spam or not spam.
      </p>
    )
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setSending(true)
    try {
      const answer = await reportPhoneNumber({
        phoneNumber: data.e164,
        verdict,
        ...(verdict === 'spam' ? { category } : {}),
      })
      onReported(answer, verdict, verdict === 'spam' ? category : null)
      toast.success('Thank you: your report was saved')
    } catch (error) {
      toast.error('Error', { description: error instanceof Error ? error.message : 'Failed to save your report' })
    } finally {
      setSending(false)
    }
  }

  return (
    <form onSubmit={submit} className="space-y-3 rounded-xl border border-border p-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        {data.yourReport ? 'Change your report' : 'Report this number'}
      </h3>
      <fieldset className="flex gap-6 text-sm">
        <legend className="sr-only">Your verdict</legend>
        {(['spam', 'not_spam'] as const).map((value) => (
          <label key={value} className="flex cursor-pointer items-center gap-2">
            <input
              type="radio"
              name={`${id}-verdict`}
              checked={verdict === value}
              onChange={() => setVerdict(value)}
              className="focus-ring size-4 accent-accent"
            />
            {value === 'spam' ? 'Spam' : 'Not spam'}
          </label>
        ))}
      </fieldset>
      {verdict === 'spam' && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-category`} className="text-sm font-medium">
            Category
          </label>
          <Select
            id={`${id}-category`}
            value={category}
            onChange={(e) => chooseCategory(e.target.value)}
            className="sm:max-w-xs"
          >
            {SPAM_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </option>
            ))}
          </Select>
        </div>
      )}
      <Button type="submit" variant="outline" disabled={sending} aria-busy={sending}>
        <Flag aria-hidden="true" />
        {sending ? 'Saving...' : 'Submit Report'}
      </Button>
    </form>
  )
}
