// One speed test at a time. Starting again ("Run Again") cancels the running test and starts from
// zero; a test still running when the panel closes is cancelled silently.
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import type { SpeedServerKind } from '../../../shared/tools/speedtest/schema.ts'
import { SPEED_MESSAGES } from './engine/constants.ts'
import { selectEndpoints } from './engine/endpoints.ts'
import { browserEnvironment } from './engine/environment.ts'
import { runSpeedTest } from './engine/run-speed-test.ts'
import { saveSpeedResult } from './save-speed-result.ts'
import { applyUpdate, finishView, idleView, type SpeedView, startView, stopView } from './speed-view.ts'

const cancelled = () => new DOMException(SPEED_MESSAGES.cancelled, 'AbortError')

export function useSpeedTest({ toolName, signedIn }: { toolName: string; signedIn: boolean }) {
  const [view, setView] = useState<SpeedView>(idleView)
  const controller = useRef<AbortController | null>(null)
  const queryClient = useQueryClient()
  useEffect(() => () => controller.current?.abort(cancelled()), [])
  // Whether to save is decided when the test ends: the sign-in state may still be loading when a
  // visitor presses Start on a page that has just opened.
  const signedInNow = useRef(signedIn)
  signedInNow.current = signedIn

  const save = useCallback(
    async (result: Parameters<typeof saveSpeedResult>[0]) => {
      const saved = await saveSpeedResult(result).catch(() => false)
      if (saved) toast.success('Result saved to your history')
      else toast.error('Failed to save result')
      await queryClient.invalidateQueries({ queryKey: ['history'] })
    },
    [queryClient],
  )

  const start = useCallback(
    (server: SpeedServerKind) => {
      controller.current?.abort(cancelled())
      const current = new AbortController()
      controller.current = current
      const isCurrent = () => controller.current === current
      setView(startView())
      runSpeedTest({
        env: browserEnvironment,
        endpoints: selectEndpoints(server, window.location.origin),
        signal: current.signal,
        onUpdate: (update) => isCurrent() && setView((v) => applyUpdate(v, update)),
      }).then(
        (report) => {
          if (!isCurrent()) return
          setView((v) => finishView(v, report))
          const { errors, incomplete } = report.result
          if (Object.keys(errors).length === 0 && !incomplete) toast.success(`${toolName} completed successfully`)
          else toast.warning(`${toolName} finished, but not every measurement is complete`)
          if (signedInNow.current) void save(report.result)
        },
        (error: unknown) => {
          if (!isCurrent()) return
          if (current.signal.aborted) return setView((v) => stopView(v, 'cancelled', SPEED_MESSAGES.cancelled))
          const message = error instanceof Error ? error.message : SPEED_MESSAGES.failed
          setView((v) => stopView(v, 'failed', message))
          // "Test failed. Please check…" already says it failed: never "Speed Test failed: Test failed…".
          toast.error(/\bfailed\b/i.test(message) ? `${toolName}: ${message}` : `${toolName} failed: ${message}`)
        },
      )
    },
    [toolName, save],
  )

  const cancel = useCallback(() => controller.current?.abort(cancelled()), [])

  return { view, start, cancel }
}
