// One tool run at a time, with the spec's toasts; a run still going when the panel closes is cancelled silently.
// A streamed run also keeps the progress events received so far.
import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import type { CatalogueEntry } from '../../../shared/catalogue.ts'
import { runTool, type ToolRunRequest } from './run-tool.ts'
import { streamTool } from './stream-tool.ts'
import { successMessage } from './success-message.ts'
import { describeError } from './tool-outcome.ts'

export function useToolRun(entry: CatalogueEntry, streamed = false) {
  const controller = useRef<AbortController | null>(null)
  const [progress, setProgress] = useState<unknown[]>([])
  useEffect(() => () => controller.current?.abort(), [])

  const mutation = useMutation({
    mutationKey: ['tool', entry.id],
    mutationFn: (request: ToolRunRequest) => {
      controller.current?.abort()
      const current = new AbortController()
      controller.current = current
      if (!streamed) return runTool(entry.id, request, current.signal)
      setProgress([])
      return streamTool(entry.id, request, {
        signal: current.signal,
        onProgress: (partial) => {
          if (!current.signal.aborted) setProgress((events) => [...events, partial])
        },
      })
    },
    onSuccess: (answer) => {
      toast.success(successMessage(entry))
      // Set by the server for signed-in users only.
      if (answer.saved === true) toast.success('Result saved to your history')
      if (answer.saved === false) toast.error('Failed to save result')
    },
    onError: (error) => {
      if (controller.current?.signal.aborted) return
      toast.error(`${entry.name} failed: ${describeError(error)}`)
    },
  })
  const reset = () => {
    controller.current?.abort()
    setProgress([])
    mutation.reset()
  }
  return { ...mutation, progress, reset }
}
