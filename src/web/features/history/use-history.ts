// The signed-in user's saved results (keyed by user, so nobody sees another account's cache) and
// deleting one of them, with the product's toasts.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from 'sonner'
import type { HistoryItem } from '../../../shared/history.ts'
import { deleteHistoryItem, fetchHistory } from './history-api.ts'

const historyKey = (userId: string | undefined) => ['history', userId] as const

export function useHistory(userId: string | undefined) {
  return useQuery({
    queryKey: historyKey(userId),
    queryFn: ({ signal }) => fetchHistory(signal),
    enabled: userId !== undefined,
  })
}

/** How long "Undo" is offered before a deleted result is deleted for good. */
export const UNDO_MS = 6000

/**
 * Deleting hides the result at once and offers "Undo" in the toast; only when the toast's time is
 * up without Undo does the server delete it.
 */
export function useDeleteHistoryItem(userId: string | undefined) {
  const queryClient = useQueryClient()
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set())
  const mutation = useMutation({
    mutationFn: deleteHistoryItem,
    onSuccess: (_nothing, id) => {
      queryClient.setQueryData<HistoryItem[]>(historyKey(userId), (items) => items?.filter((item) => item.id !== id))
    },
    onError: (_error, id) => {
      setHidden((current) => without(current, id))
      toast.error('Failed to delete result')
    },
  })
  const remove = (id: string) => {
    setHidden((current) => new Set(current).add(id))
    let undone = false
    toast.success('Result deleted', {
      duration: UNDO_MS,
      action: {
        label: 'Undo',
        onClick: () => {
          undone = true
          setHidden((current) => without(current, id))
        },
      },
      onAutoClose: () => {
        if (!undone) mutation.mutate(id)
      },
      onDismiss: () => {
        if (!undone) mutation.mutate(id)
      },
    })
  }
  return { remove, hidden }
}

function without(set: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(set)
  next.delete(id)
  return next
}
