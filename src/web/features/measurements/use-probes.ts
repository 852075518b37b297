// The connected probes (GET /api/probes), read when a panel that can run from them opens and again
// every half minute while it stays open.
import { useQuery } from '@tanstack/react-query'
import { fetchProbes } from './measurement-api.ts'

export function useProbes() {
  return useQuery({
    queryKey: ['probes'],
    queryFn: ({ signal }) => fetchProbes(signal),
    staleTime: 15_000,
    refetchInterval: 30_000,
    retry: false,
  })
}
