// The monitors' server state through TanStack Query: the list, one monitor, its checks and events,
// and the changes that refresh them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { toast } from 'sonner'
import type { CreateMonitorRequest, MonitorItem, UpdateMonitorRequest } from '../../../shared/monitors.ts'
import { ApiError } from '../../lib/api.ts'
import {
  createMonitor,
  deleteMonitor,
  getMonitor,
  listChecks,
  listEvents,
  listMonitors,
  resetBaseline,
  rotateWebhookSecret,
  setPaused,
  updateMonitor,
} from './monitors-api.ts'
import { MAX_REFRESH_MS, refreshDelay } from './refresh-delay.ts'

export const monitorKeys = {
  all: ['monitors'] as const,
  list: () => [...monitorKeys.all, 'list'] as const,
  one: (id: string) => [...monitorKeys.all, 'one', id] as const,
  checks: (id: string, windowHours: number) => [...monitorKeys.all, 'checks', id, windowHours] as const,
  events: (id: string) => [...monitorKeys.all, 'events', id] as const,
}

export const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback)

export function useMonitorList() {
  return useQuery({
    queryKey: monitorKeys.list(),
    queryFn: listMonitors,
    refetchInterval: (query) => refreshDelay(query.state.data?.items ?? []),
  })
}

export function useMonitor(id: string) {
  return useQuery({
    queryKey: monitorKeys.one(id),
    queryFn: () => getMonitor(id),
    refetchInterval: (query) => refreshDelay(query.state.data ? [query.state.data] : []),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  })
}

export function useChecks(id: string, windowHours: number) {
  return useQuery({
    queryKey: monitorKeys.checks(id, windowHours),
    queryFn: () => listChecks(id, new Date(Date.now() - windowHours * 3_600_000)),
    refetchInterval: MAX_REFRESH_MS,
  })
}

/** When a new check is in, the chart and the state changes of that monitor are read again. */
export function useFollowChecks(monitor: MonitorItem) {
  const queryClient = useQueryClient()
  const seen = useRef(monitor.lastCheckAt)
  useEffect(() => {
    if (seen.current === monitor.lastCheckAt) return
    seen.current = monitor.lastCheckAt
    void queryClient.invalidateQueries({ queryKey: [...monitorKeys.all, 'checks', monitor.id] })
    void queryClient.invalidateQueries({ queryKey: monitorKeys.events(monitor.id) })
  }, [monitor.id, monitor.lastCheckAt, queryClient])
}

export function useEvents(id: string) {
  return useQuery({ queryKey: monitorKeys.events(id), queryFn: () => listEvents(id), refetchInterval: MAX_REFRESH_MS })
}

function useRefresh() {
  const queryClient = useQueryClient()
  return (monitor?: MonitorItem) => {
    if (monitor) queryClient.setQueryData(monitorKeys.one(monitor.id), monitor)
    void queryClient.invalidateQueries({ queryKey: monitorKeys.all })
  }
}

export function useCreateMonitor() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (request: CreateMonitorRequest) => createMonitor(request),
    onSuccess: (created) => refresh(created),
  })
}

export function useUpdateMonitor(id: string) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (changes: UpdateMonitorRequest) => updateMonitor(id, changes),
    onSuccess: (monitor) => refresh(monitor),
  })
}

export function usePauseMonitor() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, paused }: { id: string; paused: boolean }) => setPaused(id, paused),
    onSuccess: (monitor, { paused }) => {
      refresh(monitor)
      toast.success(
        paused ? `Paused “${monitor.name}”: no checks run until you resume it` : `Resumed “${monitor.name}”`,
      )
    },
    onError: (error) => toast.error(messageOf(error, 'Could not change the monitor')),
  })
}

export function useResetBaseline() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (id: string) => resetBaseline(id),
    onSuccess: (monitor) => {
      refresh(monitor)
      toast.success('The next answer becomes the recorded one')
    },
    onError: (error) => toast.error(messageOf(error, 'Could not reset the recorded answer')),
  })
}

export function useDeleteMonitor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id }: { id: string; name: string }) => deleteMonitor(id),
    onSuccess: (_data, { id, name }) => {
      queryClient.removeQueries({ queryKey: monitorKeys.one(id) })
      void queryClient.invalidateQueries({ queryKey: monitorKeys.list() })
      toast.success(`Deleted “${name}” and its check history`)
    },
    onError: (error) => toast.error(messageOf(error, 'Could not delete the monitor')),
  })
}

export function useRotateSecret(id: string) {
  return useMutation({
    mutationFn: () => rotateWebhookSecret(id),
    onError: (error) => toast.error(messageOf(error, 'Could not make a new secret')),
  })
}
