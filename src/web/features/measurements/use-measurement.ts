// One measurement at a time in a panel: created, then followed row by row to its end, with the
// product's toasts; or an earlier one shown again by back/forward (followed, never created again).
import { useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import type { MeasurementRequestInput } from '../../../shared/measurement-request.ts'
import { describeMeasurementError, finishToast } from './finish-toast.ts'
import { keepMeasurement, keptMeasurement } from './kept-measurements.ts'
import { createMeasurement, fetchMeasurement, followMeasurement } from './measurement-api.ts'
import { applyEvent, type MeasurementState, startedState, stateOfMeasurement } from './measurement-state.ts'

export interface MeasurementRun {
  state: MeasurementState | null
  /** Why the measurement could not start (refused request, unreachable server). */
  error: string | null
  running: boolean
  start(request: MeasurementRequestInput, entryId: string): void
  show(entryId: string | undefined): boolean
  clear(): void
}

export function useMeasurement(toolName: string): MeasurementRun {
  const [state, setState] = useState<MeasurementState | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [running, setRunning] = useState(false)
  const controller = useRef<AbortController | null>(null)
  useEffect(() => () => controller.current?.abort(), [])

  function begin(): AbortController {
    controller.current?.abort()
    const current = new AbortController()
    controller.current = current
    setState(null)
    setError(null)
    setRunning(true)
    return current
  }

  async function follow(id: string, current: AbortController, announce: boolean) {
    try {
      const done = await followMeasurement(id, {
        signal: current.signal,
        onEvent: (event) => {
          if (!current.signal.aborted) setState((s) => (s && s.id === id ? applyEvent(s, event) : s))
        },
      })
      if (current.signal.aborted) return
      const finished = stateOfMeasurement(done)
      setState(finished)
      if (announce) {
        const message = finishToast(toolName, finished)
        toast[message.kind](message.text)
      }
    } catch (failure) {
      if (current.signal.aborted) return
      const message = describeMeasurementError(failure)
      setState((s) => (s ? { ...s, interrupted: message } : s))
      toast.error(`${toolName} failed: ${message}`)
    } finally {
      if (!current.signal.aborted) setRunning(false)
    }
  }

  async function start(request: MeasurementRequestInput, entryId: string) {
    const current = begin()
    try {
      const created = await createMeasurement(request, current.signal)
      if (current.signal.aborted) return
      keepMeasurement(entryId, created.id)
      setState(startedState(created, request))
      await follow(created.id, current, true)
    } catch (failure) {
      if (current.signal.aborted) return
      const message = describeMeasurementError(failure)
      setError(message)
      setRunning(false)
      toast.error(`${toolName} failed: ${message}`)
    }
  }

  async function reopen(id: string, current: AbortController) {
    try {
      const stored = await fetchMeasurement(id, current.signal)
      if (current.signal.aborted) return
      setState(stateOfMeasurement(stored))
      if (stored.status === 'finished') setRunning(false)
      else await follow(id, current, false)
    } catch (failure) {
      if (current.signal.aborted) return
      setError(describeMeasurementError(failure))
      setRunning(false)
    }
  }

  function show(entryId: string | undefined): boolean {
    const id = keptMeasurement(entryId)
    if (id === undefined) {
      clear()
      return false
    }
    void reopen(id, begin())
    return true
  }

  function clear() {
    controller.current?.abort()
    controller.current = null
    setState(null)
    setError(null)
    setRunning(false)
  }

  return { state, error, running, start: (request, entryId) => void start(request, entryId), show, clear }
}
