// One lookup at a time, with the product's toasts: destructive "Error" on failure, "Lookup Complete" on success.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { toast } from 'sonner'
import type { PhoneLookupData } from '../../../shared/tools/phone/schema.ts'
import { lookUpPhoneNumber } from './phone-api.ts'
import { PHONE_MESSAGES, readLookupAnswer } from './phone-outcome.ts'

export class PhoneLookupError extends Error {}

export function usePhoneLookup() {
  const controller = useRef<AbortController | null>(null)
  const queryClient = useQueryClient()
  useEffect(() => () => controller.current?.abort(), [])

  return useMutation({
    mutationKey: ['phone-lookup'],
    mutationFn: async (phoneNumber: string): Promise<PhoneLookupData> => {
      controller.current?.abort()
      const current = new AbortController()
      controller.current = current
      const answer = await lookUpPhoneNumber(phoneNumber, current.signal).catch((cause: unknown) => {
        throw new PhoneLookupError(PHONE_MESSAGES.failedRetry, { cause })
      })
      const outcome = readLookupAnswer(answer)
      if ('error' in outcome) throw new PhoneLookupError(outcome.error)
      if (answer.saved === true) toast.success('Result saved to your history')
      if (answer.saved === false) toast.error('Failed to save result')
      if (answer.saved !== undefined) void queryClient.invalidateQueries({ queryKey: ['history'] })
      return outcome.data
    },
    onSuccess: () => {
      toast.success(PHONE_MESSAGES.completeTitle, { description: PHONE_MESSAGES.completeDescription })
    },
    onError: (error) => {
      if (controller.current?.signal.aborted) return
      toast.error(PHONE_MESSAGES.errorTitle, { description: error.message })
    },
  })
}
