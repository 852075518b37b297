// Pinning a history entry's result: an entry whose run is not shared yet is shared first (POST
// /api/results { runId }), then pinned (PATCH /api/results/:id { pinned }); a pinned permalink never
// expires. Unpinning gives the permalink its normal lifetime again, from that moment.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { HistoryItem } from '../../../shared/history.ts'
import { shareCreated, sharedResult } from '../../../shared/results.ts'
import { ApiError } from '../../lib/api.ts'
import { requestJson } from '../../lib/api-request.ts'
import { rememberShare } from '../../lib/own-shares.ts'
import { shareExpiryText } from '../../lib/share-expiry.ts'

async function setPinned(item: HistoryItem, pinned: boolean) {
  let shareId = item.share?.id
  if (!shareId) {
    if (!item.runId) throw new ApiError('This result is no longer kept on the server and cannot be pinned', 404, 'gone')
    const created = shareCreated.parse(await requestJson('POST', '/api/results', { runId: item.runId }))
    rememberShare(created.id, created.deleteToken)
    shareId = created.id
  }
  return sharedResult.parse(await requestJson('PATCH', `/api/results/${encodeURIComponent(shareId)}`, { pinned }))
}

export function usePinHistoryItem(userId: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ item, pinned }: { item: HistoryItem; pinned: boolean }) => setPinned(item, pinned),
    onSuccess: async (shared) => {
      toast.success(shared.pinned ? 'Pinned: its permalink never expires' : 'Unpinned', {
        description: shared.pinned ? undefined : shareExpiryText(shared.expiresAt),
      })
      await queryClient.invalidateQueries({ queryKey: ['history', userId] })
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : 'Could not change the pin'),
  })
}
