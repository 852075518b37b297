// The measurement store of a single site process without Redis: maps in memory, an event list per
// measurement, and timers that forget a measurement after its TTL.
import { EventEmitter } from 'node:events'
import type { MeasurementRow } from '../../../shared/measurements.ts'
import { applyOutcome, type MeasurementState, type MeasurementStore, type StoredEvent } from './measurement-store.ts'

interface Entry {
  state: MeasurementState
  /** The last line number kept per row. */
  lastLine: Map<number, number>
  events: StoredEvent[]
  finishClaimUntil: number
  expiry: NodeJS.Timeout
}

export function createMemoryMeasurementStore({ ttlMs }: { ttlMs: number }): MeasurementStore {
  const entries = new Map<string, Entry>()
  const probeTasks = new Map<string, Set<string>>()
  const changes = new EventEmitter()
  changes.setMaxListeners(0)

  const push = (id: string, entry: Entry, event: StoredEvent['event']) => {
    entry.events.push({ id: String(entry.events.length + 1), event })
    changes.emit(id)
  }
  const copy = (state: MeasurementState): MeasurementState => structuredClone(state)

  return {
    async create(measurement) {
      const { rows, ...rest } = measurement
      const expiry = setTimeout(() => entries.delete(measurement.id), ttlMs)
      expiry.unref()
      entries.set(measurement.id, {
        state: { ...rest, status: 'in-progress', results: rows.map((row) => ({ ...row })) },
        lastLine: new Map(),
        events: [],
        finishClaimUntil: 0,
        expiry,
      })
    },

    async get(id) {
      const entry = entries.get(id)
      return entry ? copy(entry.state) : null
    },

    async row(id, index) {
      const row = entries.get(id)?.state.results[index]
      return row ? { ...row } : null
    },

    async settleRow(id, index, outcome) {
      const entry = entries.get(id)
      const row = entry?.state.results[index]
      if (!entry || !row) return { settled: false, remaining: -1 }
      const remaining = () => entry.state.results.filter((r) => r.status === 'in-progress').length
      if (row.status !== 'in-progress') return { settled: false, remaining: remaining() }
      const settled: MeasurementRow = applyOutcome(row, outcome)
      entry.state.results[index] = settled
      push(id, entry, { type: 'row', index, row: settled })
      return { settled: true, remaining: remaining() }
    },

    async appendLine(id, index, line) {
      const entry = entries.get(id)
      const row = entry?.state.results[index]
      if (!entry || row?.status !== 'in-progress' || row.probe.id !== line.probeId) return false
      const lines = row.lines ?? []
      if (line.seq <= (entry.lastLine.get(index) ?? -1) || lines.length >= line.maxLines) return false
      row.lines = [...lines, line.text]
      entry.lastLine.set(index, line.seq)
      push(id, entry, { type: 'line', index, line: line.text })
      return true
    },

    async claimFinish(id, lockMs) {
      const entry = entries.get(id)
      if (!entry || entry.state.status === 'finished' || entry.finishClaimUntil > Date.now()) return false
      entry.finishClaimUntil = Date.now() + lockMs
      return true
    },

    async finish(id, runId) {
      const entry = entries.get(id)
      if (!entry || entry.state.status === 'finished') return
      entry.state.status = 'finished'
      if (runId) entry.state.runId = runId
      const { userId: _userId, ...measurement } = copy(entry.state)
      push(id, entry, { type: 'finished', measurement })
    },

    async *follow(id, after, signal) {
      const entry = entries.get(id)
      if (!entry) return
      let next = after === undefined ? entry.events.length : Math.min(Number(after) || 0, entry.events.length)
      if (after === undefined) {
        const { userId: _userId, ...measurement } = copy(entry.state)
        const last = String(entry.events.length)
        for (const [index, row] of measurement.results.entries()) yield { id: last, event: { type: 'row', index, row } }
        if (measurement.status === 'finished') {
          yield { id: last, event: { type: 'finished', measurement } }
          return
        }
      }
      while (!signal.aborted) {
        while (next < entry.events.length) {
          const stored = entry.events[next] as StoredEvent
          next += 1
          yield stored
          if (stored.event.type === 'finished') return
        }
        await new Promise<void>((resolve) => {
          const done = () => {
            changes.off(id, done)
            signal.removeEventListener('abort', done)
            resolve()
          }
          changes.on(id, done)
          signal.addEventListener('abort', done)
        })
      }
    },

    waitForRow(id, _index, timeoutMs) {
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer)
          changes.off(id, done)
          resolve()
        }
        const timer = setTimeout(done, timeoutMs)
        changes.on(id, done)
      })
    },

    async addProbeTask(probeId, taskId) {
      const tasks = probeTasks.get(probeId) ?? new Set()
      tasks.add(taskId)
      probeTasks.set(probeId, tasks)
    },
    async removeProbeTask(probeId, taskId) {
      probeTasks.get(probeId)?.delete(taskId)
    },
    async probeTasks(probeId) {
      return [...(probeTasks.get(probeId) ?? [])]
    },

    async close() {
      for (const entry of entries.values()) clearTimeout(entry.expiry)
      entries.clear()
      changes.removeAllListeners()
    },
  }
}
