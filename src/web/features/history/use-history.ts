// The signed-in user's saved results (keyed by user, so nobody sees another account's cache) and
// deleting one of them, with the product's toasts.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from 'sonner'
import { deleteHistoryItem, fetchHistory, restoreHistoryItem } from './history-api.ts'

const historyKey = (userId: string | undefined) => ['history', userId] as const

export function useHistory(userId: string | undefined) {
  return useQuery({
    queryKey: historyKey(userId),
    queryFn: ({ signal }) => fetchHistory(signal),
    enabled: userId !== undefined,
  })
}

/** How long the "Result deleted" toast offers Undo (the server accepts a restore for longer). */
export const UNDO_MS = 6000

/**
 * Deleting sends the delete at once (the server hides the entry everywhere from then on) and hides it
 * here while it is under way; the toast's "Undo" asks the server to restore it. Nothing waits on a
 * page timer: closing the tab or signing out neither loses the delete nor brings the entry back.
 */
export function useDeleteHistoryItem(userId: string | undefined) {
  const queryClient = useQueryClient()
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set())
  const unhide = (id: string) => setHidden((current) => without(current, id))
  const restore = useMutation({
    mutationFn: restoreHistoryItem,
    onSuccess: async (_nothing, id) => {
      await queryClient.invalidateQueries({ queryKey: historyKey(userId) })
      unhide(id)
      toast.success('Result restored')
    },
    onError: (error) => toast.error(`Failed to restore result: ${error.message}`),
  })
  const remove = useMutation({
    mutationFn: deleteHistoryItem,
    onSuccess: (_nothing, id) => {
      toast.success('Result deleted', {
        duration: UNDO_MS,
        action: { label: 'Undo', onClick: () => restore.mutate(id) },
      })
    },
    onError: (_error, id) => {
      unhide(id)
      toast.error('Failed to delete result')
    },
  })
  const removeItem = (id: string) => {
    setHidden((current) => new Set(current).add(id))
    remove.mutate(id)
  }
  return { remove: removeItem, hidden }
}

function without(set: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(set)
  next.delete(id)
  return next
}
