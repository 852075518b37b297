// POST /api/phone-lookup and POST /api/phone-reports, parsed with the shared schemas.
import {
  type PhoneLookupAnswer,
  type PhoneReportAnswer,
  type PhoneReportRequest,
  phoneLookupAnswer,
  phoneReportAnswer,
} from '../../../shared/tools/phone/schema.ts'
import { postJson } from '../../lib/api.ts'

/** The lookup answer, success or not (400 and 500 answers carry { success: false, error }); rejects when none came back. */
export async function lookUpPhoneNumber(phoneNumber: string, signal?: AbortSignal): Promise<PhoneLookupAnswer> {
  const response = await fetch('/api/phone-lookup', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ phoneNumber }),
    credentials: 'same-origin',
    signal,
  })
  return phoneLookupAnswer.parse(await response.json())
}

/** Rejects with ApiError carrying the server's message (401 signed out, 429 too many votes...). */
export async function reportPhoneNumber(report: PhoneReportRequest): Promise<PhoneReportAnswer> {
  return phoneReportAnswer.parse(await postJson('/api/phone-reports', report))
}
