// One tool run at a time, with the product's toasts; a run still going when the panel closes is cancelled silently.
// A streamed run also keeps the progress events received so far.
import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import type { CatalogueEntry } from '../../shared/catalogue.ts'
import type { QueuePlace } from '../../shared/tool-stream.ts'

import type { ToolParts } from '../lib/tool-parts.tsx'

import { streamTool, type ToolRunRequest } from './stream-tool.ts'
import { failureToast, runToast } from './tool-outcome.ts'

export function useToolRun(entry: CatalogueEntry, tool: ToolParts) {
  const streamed = tool.live !== undefined
  const controller = useRef<AbortController | null>(null)
  const [progress, setProgress] = useState<unknown[]>([])
  const [queue, setQueue] = useState<QueuePlace | null>(null)
  useEffect(() => () => controller.current?.abort(), [])

  const mutation = useMutation({
    mutationKey: ['tool', entry.id],
    mutationFn: (request: ToolRunRequest) => {
      controller.current?.abort()
      const current = new AbortController()
      controller.current = current
      setProgress([])
      setQueue(null)
      // Every run is streamed, so a run waiting for a free slot can show its place in line; only
      // tools with a live view keep the progress events.
      return streamTool(entry.id, request, {
        signal: current.signal,
        onQueue: (place) => {
          if (!current.signal.aborted) setQueue(place)
        },
        onProgress: (partial) => {
          if (current.signal.aborted) return
          setQueue(null)
          if (streamed) setProgress((events) => [...events, partial])
        },
      }).finally(() => setQueue(null))
    },
    onSuccess: (answer) => {
      const done = runToast(entry.name, tool, answer)
      if (done.kind === 'success') toast.success(done.text)
      else toast.warning(done.text)
      // Set by the server for signed-in users only.
      if (answer.saved === true) toast.success('Result saved to your history')
      if (answer.saved === false) toast.error('Failed to save result')
    },
    onError: (error) => {
      if (controller.current?.signal.aborted) return
      toast.error(failureToast(entry.name, error))
    },
  })
  const reset = () => {
    controller.current?.abort()
    setProgress([])
    setQueue(null)
    mutation.reset()
  }
  return { ...mutation, progress, queue, reset }
}
