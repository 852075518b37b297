// The monitors API as the web app calls it: every answer parsed with the shared schema.
import {
  type CreatedMonitor,
  type CreateMonitorRequest,
  createdMonitor,
  type MonitorCheck,
  type MonitorEvent,
  type MonitorItem,
  type MonitorList,
  monitorChecks,
  monitorEvents,
  monitorItem,
  monitorList,
  rotatedSecret,
  type UpdateMonitorRequest,
} from '../../../shared/monitors.ts'
import { requestJson } from '../../lib/api-request.ts'

const base = '/api/monitors'
const one = (id: string) => `${base}/${encodeURIComponent(id)}`

export async function listMonitors(): Promise<MonitorList> {
  return monitorList.parse(await requestJson('GET', base))
}

export async function getMonitor(id: string): Promise<MonitorItem> {
  return monitorItem.parse(await requestJson('GET', one(id)))
}

export async function createMonitor(request: CreateMonitorRequest): Promise<CreatedMonitor> {
  return createdMonitor.parse(await requestJson('POST', base, request))
}

export async function updateMonitor(id: string, changes: UpdateMonitorRequest): Promise<MonitorItem> {
  return monitorItem.parse(await requestJson('PATCH', one(id), changes))
}

export async function setPaused(id: string, paused: boolean): Promise<MonitorItem> {
  return monitorItem.parse(await requestJson('POST', `${one(id)}/${paused ? 'pause' : 'resume'}`))
}

/** DNS monitors: the next answer becomes the recorded one. */
export async function resetBaseline(id: string): Promise<MonitorItem> {
  return monitorItem.parse(await requestJson('POST', `${one(id)}/baseline`))
}

export async function deleteMonitor(id: string): Promise<void> {
  await requestJson('DELETE', one(id))
}

export async function rotateWebhookSecret(id: string): Promise<string> {
  return rotatedSecret.parse(await requestJson('POST', `${one(id)}/webhook-secret`)).webhookSecret
}

/** The checks since `since` (oldest first, as the chart draws them). */
export async function listChecks(id: string, since: Date): Promise<MonitorCheck[]> {
  const query = new URLSearchParams({ since: since.toISOString() })
  const { items } = monitorChecks.parse(await requestJson('GET', `${one(id)}/checks?${query}`))
  return [...items].sort((a, b) => Date.parse(a.time) - Date.parse(b.time))
}

/** State changes, newest first. */
export async function listEvents(id: string): Promise<MonitorEvent[]> {
  const { items } = monitorEvents.parse(await requestJson('GET', `${one(id)}/events`))
  return [...items].sort((a, b) => Date.parse(b.time) - Date.parse(a.time))
}
