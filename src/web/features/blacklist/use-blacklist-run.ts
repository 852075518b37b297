// One streamed blacklist run at a time: rows arrive as lists answer; the spec's toasts at the end.
import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import type { CatalogueEntry } from '../../../shared/catalogue.ts'
import { type BlacklistProgress, blacklistProgress } from '../../../shared/tools/blacklist.ts'
import { describeError } from '../tool-panel/tool-outcome.ts'
import { type StreamRequest, streamTool } from './stream-tool.ts'

export function useBlacklistRun(entry: CatalogueEntry) {
  const controller = useRef<AbortController | null>(null)
  const [live, setLive] = useState<BlacklistProgress[]>([])
  useEffect(() => () => controller.current?.abort(), [])

  const run = useMutation({
    mutationKey: ['tool', entry.id],
    mutationFn: (request: StreamRequest) => {
      controller.current?.abort()
      const current = new AbortController()
      controller.current = current
      setLive([])
      const onProgress = (data: unknown) => {
        const parsed = blacklistProgress.safeParse(data)
        if (parsed.success && controller.current === current) setLive((rows) => [...rows, parsed.data])
      }
      return streamTool(entry.id, request, onProgress, current.signal)
    },
    onSuccess: () => {
      toast.success(`${entry.name} completed successfully`)
    },
    onError: (error) => {
      if (controller.current?.signal.aborted) return
      toast.error(`${entry.name} failed: ${describeError(error)}`)
    },
  })
  return { run, live }
}
