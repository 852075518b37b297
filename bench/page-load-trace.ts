// Reads a Chromium trace of one page load (the devtools.timeline categories) for bench/page-load.ts:
// the page's main-thread tasks with their CPU time, and the scripts it fetched with their sizes.

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  /** Thread (CPU) time of a complete event, in µs. */
  tdur?: number
  args?: { data?: Record<string, unknown>; beginData?: Record<string, unknown> }
}

export interface MainThreadTask {
  /** From the page's request, in ms. */
  startMs: number
  cpuMs: number
  wallMs: number
  /** The task's heaviest piece of work: what it ran (a script's file, a layout...). */
  label: string
}

export interface LoadedScript {
  url: string
  encodedBytes: number
  decodedBytes: number
}

export interface PageLoad {
  tasks: MainThreadTask[]
  scripts: LoadedScript[]
}

const shortUrl = (url: unknown, origin: string) => String(url ?? '').replace(origin, '')

function labelOf(children: TraceEvent[], origin: string): string {
  const heaviest = children
    .filter((e) => e.ph === 'X' && !e.name.endsWith('RunTask'))
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0]
  if (!heaviest) return 'idle work'
  const url = heaviest.args?.data?.url ?? heaviest.args?.beginData?.url
  return url ? `${heaviest.name} ${shortUrl(url, origin)}` : heaviest.name
}

/** The tasks of the page's main thread (the one that parsed its HTML) and the scripts it loaded. */
export function readPageLoad(input: object[], origin: string): PageLoad {
  const events = input as TraceEvent[]
  const parse = events.find((e) => e.name === 'ParseHTML' && String(e.args?.beginData?.url ?? '').startsWith(origin))
  if (!parse) throw new Error('the trace shows no page parsed from the server')
  const request = events.find(
    (e) => e.name === 'ResourceSendRequest' && String(e.args?.data?.url ?? '').startsWith(origin),
  )
  const start = request?.ts ?? parse.ts
  const main = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ts >= start)
  const tasks = main
    .filter((e) => e.name === 'RunTask' && e.ph === 'X')
    .map((task) => {
      const end = task.ts + (task.dur ?? 0)
      const children = main.filter((e) => e.ts >= task.ts && e.ts < end && e !== task)
      return {
        startMs: (task.ts - start) / 1000,
        cpuMs: (task.tdur ?? task.dur ?? 0) / 1000,
        wallMs: (task.dur ?? 0) / 1000,
        label: labelOf(children, origin),
      }
    })
  const urls = new Map<string, string>()
  for (const e of events) {
    if (e.name === 'ResourceSendRequest') urls.set(String(e.args?.data?.requestId), String(e.args?.data?.url))
  }
  const scripts: LoadedScript[] = []
  for (const e of events) {
    if (e.name !== 'ResourceFinish') continue
    const url = urls.get(String(e.args?.data?.requestId)) ?? ''
    if (!url.endsWith('.js')) continue
    scripts.push({
      url: shortUrl(url, origin),
      encodedBytes: Number(e.args?.data?.encodedDataLength ?? 0),
      decodedBytes: Number(e.args?.data?.decodedBodyLength ?? 0),
    })
  }
  return { tasks, scripts }
}
