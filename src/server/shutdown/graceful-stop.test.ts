import type { FastifyBaseLogger } from 'fastify'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createGracefulStop } from './graceful-stop.ts'
import { createShutdownNotice } from './shutdown-notice.ts'

function fakeApp() {
  const logged: Array<{ level: string; msg: string; fields: object }> = []
  const record = (level: string) => (fields: object, msg: string) => logged.push({ level, msg, fields })
  let finishClose = () => {}
  const app = {
    close: vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finishClose = resolve
        }),
    ),
    log: { info: record('info'), error: record('error') } as unknown as FastifyBaseLogger,
  }
  return { app, logged, finishClose: () => finishClose() }
}

describe('createGracefulStop()', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('exits 0 once the app has closed within the grace, without announcing anything', async () => {
    const { app, logged, finishClose } = fakeApp()
    const notice = createShutdownNotice()
    const exit = vi.fn()
    const stopping = createGracefulStop({ app, notice, graceMs: 60_000, exit })('SIGTERM')
    await vi.advanceTimersByTimeAsync(59_000)
    expect(exit).not.toHaveBeenCalled()
    finishClose()
    await stopping
    expect(exit).toHaveBeenCalledWith(0)
    expect(notice.signal.aborted).toBe(false)
    expect(logged.map((l) => l.msg)).toEqual([
      'shutting down: no new connections; runs in progress may finish',
      'shut down cleanly',
    ])
  })

  it('logs the forced exit when the grace runs out, announces it, and exits 1 after the flush time', async () => {
    const { app, logged } = fakeApp()
    const notice = createShutdownNotice()
    const exit = vi.fn()
    void createGracefulStop({ app, notice, graceMs: 5_000, exit, flushMs: 1_000 })('SIGINT')
    await vi.advanceTimersByTimeAsync(5_000)
    expect(notice.signal.aborted).toBe(true)
    expect(logged.at(-1)).toEqual({
      level: 'error',
      msg: 'forced exit: answers still in progress 5 s after SIGINT (SHUTDOWN_GRACE_SECONDS)',
      fields: { signal: 'SIGINT', graceSeconds: 5 },
    })
    expect(exit).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(exit).toHaveBeenCalledWith(1)
  })

  it('exits 1, not 0, when the app closes after a forced exit was announced', async () => {
    const { app, finishClose } = fakeApp()
    const exit = vi.fn()
    const stopping = createGracefulStop({ app, notice: createShutdownNotice(), graceMs: 5_000, exit })('SIGTERM')
    await vi.advanceTimersByTimeAsync(5_000)
    finishClose()
    await stopping
    expect(exit).toHaveBeenCalledWith(1)
  })

  it('starts one shutdown however many signals come', async () => {
    const { app } = fakeApp()
    const stop = createGracefulStop({ app, notice: createShutdownNotice(), graceMs: 5_000, exit: vi.fn() })
    void stop('SIGTERM')
    void stop('SIGINT')
    expect(app.close).toHaveBeenCalledTimes(1)
  })
})
