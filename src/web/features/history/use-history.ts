// The signed-in user's saved results (keyed by user, so nobody sees another account's cache) and
// deleting one of them, with the product's toasts.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
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

export function useDeleteHistoryItem(userId: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteHistoryItem,
    onSuccess: (_nothing, id) => {
      queryClient.setQueryData<HistoryItem[]>(historyKey(userId), (items) => items?.filter((item) => item.id !== id))
      toast.success('Result deleted')
    },
    onError: () => {
      toast.error('Failed to delete result')
    },
  })
}
