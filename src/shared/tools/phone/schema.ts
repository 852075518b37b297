// Reverse phone lookup and spam reports: input rules (docs/product.md) and the wire shapes of /api/phone-lookup and /api/phone-reports.
import { z } from 'zod'
import { messages } from '../../validation.ts'

/**
 * The product's North-American form: optional plus and country digit, a 3-digit area code with
 * optional parentheses, 3 digits, 4 digits; dash, space or dot between the groups.
 */
export const NORTH_AMERICAN_PHONE = /^(?:\+?\d[-. ]?)?(?:\(\d{3}\)|\d{3})[-. ]?\d{3}[-. ]?\d{4}$/

/** International numbers in E.164 form: "+", then 8 to 15 digits, optionally grouped by dash, space or dot. */
export const INTERNATIONAL_PHONE = /^\+[1-9](?:[-. ]?\d){7,14}$/

export function isPhoneNumber(value: string): boolean {
  return NORTH_AMERICAN_PHONE.test(value) || INTERNATIONAL_PHONE.test(value)
}

/** "Please enter a phone number" when blank, "Please enter a valid phone number" when neither form matches. */
export const phoneNumberInput = z
  .string({ error: messages.phoneRequired })
  .trim()
  .min(1, messages.phoneRequired)
  .max(32, messages.phoneInvalid)
  .refine(isPhoneNumber, messages.phoneInvalid)

export const phoneLookupRequest = z.object({ phoneNumber: phoneNumberInput })

export const SPAM_CATEGORIES = [
  'telemarketing',
  'scam',
  'robocall',
  'debt-collector',
  'survey',
  'political',
  'other',
] as const
export const spamCategory = z.enum(SPAM_CATEGORIES)
export type SpamCategory = z.infer<typeof spamCategory>

export const CATEGORY_LABELS: Record<SpamCategory, string> = {
  telemarketing: 'Telemarketing',
  scam: 'Scam or fraud',
  robocall: 'Robocall',
  'debt-collector': 'Debt collector',
  survey: 'Survey',
  political: 'Political',
  other: 'Other',
}

export const phoneVerdict = z.enum(['spam', 'not_spam'])
export type PhoneVerdict = z.infer<typeof phoneVerdict>

/** The community's votes on a number and what they add up to. */
export const spamSummary = z.object({
  /** Number of spam reports. */
  reports: z.number().int().nonnegative(),
  /** 0 to 10 (see spam-score.ts on the server for the formula). */
  spamScore: z.number().int().min(0).max(10),
  spam: z.boolean(),
  votes: z.object({ spam: z.number().int().nonnegative(), notSpam: z.number().int().nonnegative() }),
  categories: z.array(z.object({ category: spamCategory, count: z.number().int().positive() })),
})
export type SpamSummary = z.infer<typeof spamSummary>

export const ownReport = z.object({ verdict: phoneVerdict, category: spamCategory.nullable() })

export const phoneLookupData = spamSummary.extend({
  /** International format, e.g. "+1 212 555 0123". */
  number: z.string(),
  e164: z.string(),
  valid: z.boolean(),
  /** Caller name and business: only when a real directory source provides them. */
  name: z.string().optional(),
  business: z.string().optional(),
  /** Geocoded place of the number's range, or its country; null when unknown. */
  location: z.string().nullable(),
  /** The carrier the range was originally assigned to (numbers may have been ported since). */
  carrier: z.string().nullable(),
  lineType: z.string(),
  /** ISO 3166 region code of the number, null when the numbering plan does not say. */
  country: z.string().nullable(),
  nationalFormat: z.string(),
  timeZones: z.array(z.string()),
  /** The caller's own vote on this number (signed-in callers only). */
  yourReport: ownReport.nullable().optional(),
})
export type PhoneLookupData = z.infer<typeof phoneLookupData>

/** POST /api/phone-lookup answer (the product's backend function shape). */
export const phoneLookupAnswer = z.object({
  success: z.boolean(),
  data: phoneLookupData.optional(),
  error: z.string().optional(),
  /** Signed-in callers only: whether the lookup was saved to their history. */
  saved: z.boolean().optional(),
})
export type PhoneLookupAnswer = z.infer<typeof phoneLookupAnswer>

/** POST /api/phone-reports: one vote per user and number; a new vote replaces the old one. */
export const phoneReportRequest = z.object({
  phoneNumber: phoneNumberInput,
  verdict: phoneVerdict,
  category: spamCategory.optional(),
})
export type PhoneReportRequest = z.infer<typeof phoneReportRequest>

export const phoneReportAnswer = spamSummary.extend({ number: z.string() })
export type PhoneReportAnswer = z.infer<typeof phoneReportAnswer>
