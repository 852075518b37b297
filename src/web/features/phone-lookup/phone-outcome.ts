// The product's phone lookup messages (docs/product.md), decided without React so they are testable.
import { type PhoneLookupAnswer, type PhoneLookupData, phoneNumberInput } from '../../../shared/tools/phone/schema.ts'

export const PHONE_MESSAGES = {
  failed: 'Failed to lookup phone number',
  failedRetry: 'Failed to lookup phone number. Please try again.',
  completeTitle: 'Lookup Complete',
  completeDescription: 'Phone number information retrieved successfully',
  errorTitle: 'Error',
} as const

export type InputCheck = { ok: true; value: string } | { ok: false; message: string }

/** "Please enter a phone number" / "Please enter a valid phone number", or the trimmed number. */
export function checkPhoneInput(raw: string): InputCheck {
  const parsed = phoneNumberInput.safeParse(raw)
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? '' }
}

/** The data of a successful answer, or the message to show: the server's, else the generic one. */
export function readLookupAnswer(answer: PhoneLookupAnswer): { data: PhoneLookupData } | { error: string } {
  if (answer.success && answer.data) return { data: answer.data }
  return { error: answer.error || PHONE_MESSAGES.failed }
}
