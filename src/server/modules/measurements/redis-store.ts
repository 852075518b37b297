// The measurement store in Redis, shared by every site process: per measurement a hash (its fields,
// one JSON field per row, the count of rows in progress) and a stream of its events, both expiring
// after the TTL. A row's outcome is set by a Lua script that keeps the first one; followers read the
// stream with XREAD BLOCK on a connection of their own.
import type { Redis } from 'ioredis'
import type { MeasurementEvent, MeasurementRow } from '../../../shared/measurements.ts'
import {
  applyOutcome,
  type MeasurementState,
  type MeasurementStore,
  type NewMeasurement,
  type StoredEvent,
} from './measurement-store.ts'

const PREFIX = 'nettoolbox:measurement:'
const hashKey = (id: string) => `${PREFIX}${id}`
const streamKey = (id: string) => `${PREFIX}${id}:events`
const finishLockKey = (id: string) => `${PREFIX}${id}:finishing`
const probeTasksKey = (probeId: string) => `nettoolbox:probe-tasks:${probeId}`

const SETTLE_SCRIPT = `
local current = redis.call('HGET', KEYS[1], 'row:' .. ARGV[1])
if not current then return {0, -1} end
if cjson.decode(current)['status'] ~= 'in-progress' then
  return {0, tonumber(redis.call('HGET', KEYS[1], 'pending'))}
end
redis.call('HSET', KEYS[1], 'row:' .. ARGV[1], ARGV[2])
redis.call('HDEL', KEYS[1], 'lines:' .. ARGV[1])
local pending = redis.call('HINCRBY', KEYS[1], 'pending', -1)
redis.call('XADD', KEYS[2], '*', 'e', ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return {1, pending}
`

// A row's lines live beside it in the hash ("lines:<index>": the last seq kept and the lines), so that a
// line costs one script call and never rewrites the row; the script keeps them only while the row is
// in progress and is the given probe's.
const APPEND_LINE_SCRIPT = `
local row = redis.call('HGET', KEYS[1], 'row:' .. ARGV[1])
if not row then return 0 end
local decoded = cjson.decode(row)
if decoded['status'] ~= 'in-progress' or decoded['probe']['id'] ~= ARGV[2] then return 0 end
local field = 'lines:' .. ARGV[1]
local current = redis.call('HGET', KEYS[1], field)
local kept = { last = -1, lines = {} }
if current then kept = cjson.decode(current) end
if tonumber(ARGV[3]) <= kept['last'] or #kept['lines'] >= tonumber(ARGV[5]) then return 0 end
table.insert(kept['lines'], ARGV[4])
kept['last'] = tonumber(ARGV[3])
redis.call('HSET', KEYS[1], field, cjson.encode(kept))
redis.call('XADD', KEYS[2], '*', 'e', ARGV[6])
redis.call('PEXPIRE', KEYS[2], ARGV[7])
return 1
`

type Meta = Omit<NewMeasurement, 'rows'>

/** A blocking read returns after this long without news, to notice an expired measurement. */
const BLOCK_MS = 5000

function stateFrom(fields: Record<string, string>): MeasurementState | null {
  if (!fields.meta) return null
  const meta = JSON.parse(fields.meta) as Meta
  const results: MeasurementRow[] = []
  for (let index = 0; fields[`row:${index}`] !== undefined; index += 1) {
    const row = JSON.parse(fields[`row:${index}`] as string) as MeasurementRow
    const lines = fields[`lines:${index}`]
    if (lines && row.status === 'in-progress') row.lines = (JSON.parse(lines) as { lines: string[] }).lines
    results.push(row)
  }
  return {
    ...meta,
    status: fields.status === 'finished' ? 'finished' : 'in-progress',
    results,
    ...(fields.runId ? { runId: fields.runId } : {}),
  }
}

function eventsOf(entries: Array<[string, string[]]>): StoredEvent[] {
  return entries.map(([id, fields]) => ({ id, event: JSON.parse(fields[1] ?? 'null') as MeasurementEvent }))
}

export function createRedisMeasurementStore(redis: Redis, { ttlMs }: { ttlMs: number }): MeasurementStore {
  const followers = new Set<Redis>()

  const store: MeasurementStore = {
    async create(measurement) {
      const { rows, ...meta } = measurement
      const fields: Record<string, string> = {
        meta: JSON.stringify(meta),
        status: 'in-progress',
        pending: String(rows.length),
      }
      for (const [index, row] of rows.entries()) fields[`row:${index}`] = JSON.stringify(row)
      await redis.multi().hset(hashKey(measurement.id), fields).pexpire(hashKey(measurement.id), ttlMs).exec()
    },

    async get(id) {
      return stateFrom(await redis.hgetall(hashKey(id)))
    },

    async row(id, index) {
      const row = await redis.hget(hashKey(id), `row:${index}`)
      return row ? (JSON.parse(row) as MeasurementRow) : null
    },

    async settleRow(id, index, outcome) {
      const row = await store.row(id, index)
      if (!row) return { settled: false, remaining: -1 }
      const settled = applyOutcome(row, outcome)
      const event: MeasurementEvent = { type: 'row', index, row: settled }
      const reply = (await redis.eval(
        SETTLE_SCRIPT,
        2,
        hashKey(id),
        streamKey(id),
        index,
        JSON.stringify(settled),
        JSON.stringify(event),
        ttlMs,
      )) as [number, number]
      return { settled: reply[0] === 1, remaining: Number(reply[1]) }
    },

    async appendLine(id, index, line) {
      const event: MeasurementEvent = { type: 'line', index, line: line.text }
      const reply = await redis.eval(
        APPEND_LINE_SCRIPT,
        2,
        hashKey(id),
        streamKey(id),
        index,
        line.probeId,
        line.seq,
        line.text,
        line.maxLines,
        JSON.stringify(event),
        ttlMs,
      )
      return reply === 1
    },

    async claimFinish(id, lockMs) {
      if ((await redis.hget(hashKey(id), 'status')) !== 'in-progress') return false
      return (await redis.set(finishLockKey(id), '1', 'PX', lockMs, 'NX')) === 'OK'
    },

    async finish(id, runId) {
      const state = await store.get(id)
      if (!state || state.status === 'finished') return
      const { userId: _userId, ...measurement } = state
      const finished = { ...measurement, status: 'finished' as const, ...(runId ? { runId } : {}) }
      const event: MeasurementEvent = { type: 'finished', measurement: finished }
      await redis
        .multi()
        .hset(hashKey(id), { status: 'finished', ...(runId ? { runId } : {}) })
        .xadd(streamKey(id), '*', 'e', JSON.stringify(event))
        .pexpire(streamKey(id), ttlMs)
        .exec()
    },

    async *follow(id, after, signal) {
      let last = after
      if (last === undefined) {
        const replies = await redis.multi().hgetall(hashKey(id)).xrevrange(streamKey(id), '+', '-', 'COUNT', 1).exec()
        const fields = (replies?.[0]?.[1] ?? {}) as Record<string, string>
        const latest = (replies?.[1]?.[1] ?? []) as Array<[string, string[]]>
        const state = stateFrom(fields)
        if (!state) return
        last = latest[0]?.[0] ?? '0-0'
        const { userId: _userId, ...measurement } = state
        for (const [index, row] of measurement.results.entries()) yield { id: last, event: { type: 'row', index, row } }
        if (measurement.status === 'finished') {
          yield { id: last, event: { type: 'finished', measurement } }
          return
        }
      }
      const reader = redis.duplicate({
        enableOfflineQueue: true,
        maxRetriesPerRequest: 0,
        commandTimeout: BLOCK_MS * 2,
      })
      reader.on('error', () => {})
      followers.add(reader)
      const stop = () => reader.disconnect()
      signal.addEventListener('abort', stop)
      try {
        while (!signal.aborted) {
          const reply = (await reader.xread('BLOCK', BLOCK_MS, 'STREAMS', streamKey(id), last)) as Array<
            [string, Array<[string, string[]]>]
          > | null
          if (signal.aborted) return
          if (!reply) {
            if ((await redis.exists(hashKey(id))) === 0) return
            continue
          }
          for (const stored of eventsOf(reply[0]?.[1] ?? [])) {
            last = stored.id
            yield stored
            if (stored.event.type === 'finished') return
          }
        }
      } finally {
        signal.removeEventListener('abort', stop)
        followers.delete(reader)
        reader.disconnect()
      }
    },

    waitForRow(_id, _index, timeoutMs) {
      return new Promise((resolve) => setTimeout(resolve, Math.min(timeoutMs, 250)))
    },

    async addProbeTask(probeId, taskId) {
      await redis.multi().sadd(probeTasksKey(probeId), taskId).pexpire(probeTasksKey(probeId), ttlMs).exec()
    },
    async removeProbeTask(probeId, taskId) {
      await redis.srem(probeTasksKey(probeId), taskId)
    },
    async probeTasks(probeId) {
      return redis.smembers(probeTasksKey(probeId))
    },

    async close() {
      for (const reader of followers) reader.disconnect()
    },
  }
  return store
}
