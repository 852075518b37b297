// The real app in-process for monitor tests, on a fake clock: checks run when a test moves the clock
// to a monitor's next slot and calls tick(), never on their own. Also a signed-in owner, the
// monitors API, and the outbox's alert mails.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { loadConfig } from '../../../src/server/config.ts'
import { startApp } from '../../../src/server/context.ts'
import type { DatabaseScheduler } from '../../../src/server/modules/monitors/database-scheduler.ts'
import type { MonitorsHandle } from '../../../src/server/modules/monitors/register-monitors.ts'
import type { Clock } from '../../../src/server/modules/monitors/schedule.ts'
import type { MonitorItem } from '../../../src/shared/monitors.ts'
import { type BrowserLikeClient, latestOutboxMail, readOutbox, signUpVerified } from '../app/accounts.ts'
import { GENEROUS_LIMITS } from '../app/app.ts'
import type { ParsedMail } from '../mail/mail-text.ts'

export interface FakeClock extends Clock {
  set(ms: number): void
}

export function createFakeClock(start = Date.now()): FakeClock {
  let now = start
  return {
    now: () => now,
    set: (ms) => {
      now = ms
    },
  }
}

export interface MonitorApp {
  app: FastifyInstance
  dataDir: string
  clock: FakeClock
  handle: MonitorsHandle
  /** Signs up and verifies an account; its client carries the session cookie. */
  signUp(email: string): Promise<BrowserLikeClient>
  /** Moves the clock to the monitor's next slot and runs the checks due then; answers the monitor after. */
  checkNow(owner: BrowserLikeClient, id: string): Promise<MonitorItem>
  /** Mails to `to` whose subject starts with "Problem:" or "Recovered:". */
  alertMails(to: string): Promise<ParsedMail[]>
  close(): Promise<void>
}

export async function startMonitorApp(env: Record<string, string> = {}): Promise<MonitorApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nettoolbox-monitors-'))
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...GENEROUS_LIMITS, ...env })
  const clock = createFakeClock()
  let handle: MonitorsHandle | undefined
  // The polling loop stays idle (one look at start); tests call tick() themselves.
  const app = await startApp(config, { monitors: { clock, pollMs: 3_600_000, expose: (h) => (handle = h) } })
  await app.ready()
  if (!handle) throw new Error('the monitors module did not start')
  const parts = handle
  const tick = () => (parts.scheduler as DatabaseScheduler).tick()
  return {
    app,
    dataDir,
    clock,
    handle: parts,
    signUp: (email) =>
      signUpVerified(app, email, 'correct horse battery staple', (to) => latestOutboxMail(dataDir, to)),
    async checkNow(owner, id) {
      const before = (await owner.get(`/api/monitors/${id}`)).json() as MonitorItem
      if (!before.nextCheckAt) throw new Error(`monitor ${id} has no next check (${before.state})`)
      clock.set(Date.parse(before.nextCheckAt))
      await tick()
      return (await owner.get(`/api/monitors/${id}`)).json() as MonitorItem
    },
    async alertMails(to) {
      return (await readOutbox(dataDir)).filter((m) => m.to === to && /^(Problem|Recovered):/.test(m.subject ?? ''))
    },
    async close() {
      await app.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** Waits until `probe` returns a value other than undefined (alerts go out after the check). */
export async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
