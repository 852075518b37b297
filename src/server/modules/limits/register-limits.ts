// Applies the limits to every route of the app (one preHandler hook): the rate budgets of
// limit-rules.ts per address (an IPv6 /48 when it holds many active /64s) and per signed-in account,
// then the fair concurrency gate of tool runs, where a run may wait in line (streamed runs are told
// their place). A long run costs its budgets more once it ends.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { findEntry } from '../../../shared/catalogue.ts'
import type { Config } from '../../config.ts'
import type { CurrentUser } from '../../current-user.ts'
import type { Metrics } from '../metrics/metrics.ts'
import { clientAddressKey } from './client-key.ts'
import { createConcurrencyGate, type GateRefusal } from './concurrency-gate.ts'
import { type CounterStore, createMemoryCounterStore } from './counter-store.ts'
import { createFailSafeCounterStore } from './fail-safe-counter-store.ts'
import { type LimitPlan, planLimits } from './limit-rules.ts'
import { endStreamWithRefusal, wantsEventStream, writeQueueEvent } from './queue-events.ts'
import { type Client, createRateLimiter } from './rate-limiter.ts'
import { createRedisCounterStore } from './redis-counter-store.ts'
import { createRedisSlotStore } from './redis-slot-store.ts'
import { BUSY_RETRY_AFTER_SECONDS, type Refusal, sendRefusal } from './refusals.ts'
import { createMemorySlotStore, type SlotCaps, type SlotStore } from './slot-store.ts'
import { createSubnetKeys } from './subnet-key.ts'

export interface LimitsOptions {
  config: Pick<Config, 'limits' | 'redisUrl' | 'speedMaxBytes'>
  currentUser: CurrentUser
  /** Refusals by limit and the runs in progress are reported here. */
  metrics?: Metrics
}

async function createStore(app: FastifyInstance, redisUrl: string | undefined): Promise<CounterStore> {
  if (!redisUrl) return createMemoryCounterStore()
  const shared = await createRedisCounterStore(redisUrl, {
    onError: (error) => app.log.debug({ err: error }, 'Redis connection for rate limits failed'),
  })
  // Never off: while Redis fails, each process counts on its own (fail-safe-counter-store.ts).
  return createFailSafeCounterStore(shared, {
    onFallback: (error) =>
      app.log.error({ err: error }, 'Redis for rate limits failed: counting in this process until it answers'),
    onRecovered: () => app.log.info('Redis for rate limits answers again: counting in Redis'),
  })
}

async function createSlots(
  app: FastifyInstance,
  redisUrl: string | undefined,
  caps: SlotCaps,
  leaseMs: number,
): Promise<SlotStore> {
  if (!redisUrl) return createMemorySlotStore(caps)
  return createRedisSlotStore(redisUrl, caps, {
    leaseMs,
    onError: (error) => app.log.debug({ err: error }, 'Redis connection for concurrency caps failed'),
    onFallback: (error) =>
      app.log.error({ err: error }, 'Redis for concurrency caps failed: counting in this process until it answers'),
    onRecovered: () => app.log.info('Redis for concurrency caps answers again: counting in Redis'),
  })
}

/** Bytes a speed-test transfer moves: the download's validated count, the upload's declared length. */
function transferBytesOf(request: FastifyRequest, uploadCap: number): number | undefined {
  if (request.method === 'GET') return (request.query as { bytes?: number } | undefined)?.bytes
  const declared = Number(request.headers['content-length'])
  return Number.isFinite(declared) ? declared : uploadCap
}

async function accountIdOf(request: FastifyRequest, currentUser: CurrentUser): Promise<string | undefined> {
  if (request.apiTokenOwner) return request.apiTokenOwner.id
  if (!request.headers.cookie) return undefined
  // Without the database the account is unknown; the address limits still apply.
  return (await currentUser(request).catch(() => null))?.id
}

function busyRefusal(reason: GateRefusal, tool: string, maxWaitSeconds: number): Refusal {
  const retry = BUSY_RETRY_AFTER_SECONDS
  if (reason === 'client') {
    return {
      status: 429,
      type: 'rate_limited',
      retryAfterSeconds: retry,
      message: `Too many tool runs in progress from your address. Try again in ${retry} s.`,
    }
  }
  const name = findEntry(tool)?.name ?? tool
  const message =
    reason === 'wait-too-long'
      ? `The server is busy: your ${name} run waited ${maxWaitSeconds} s in line without a free slot. Try again in ${retry} s.`
      : reason === 'queue-full'
        ? `The server is busy: the line for ${name} runs is full. Try again in ${retry} s.`
        : `The server is busy with too many ${reason === 'tool' ? `${name} runs` : 'tool runs'}. Try again in ${retry} s.`
  return { status: 503, type: 'server_busy', retryAfterSeconds: retry, message }
}

/** Aborted when the client goes away. */
/**
 * Aborted when the client goes away before the answer is complete. Listened for on the response,
 * which closes with its connection: a listener on the socket would pile up over a keep-alive
 * connection's requests.
 */
function closedSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController()
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort()
  })
  return controller.signal
}

/** Admits the runs of a request that carries many (POST /api/bulk/:tool): each counts as a single run. */
/** A run let in (holding a concurrency slot until `release`), or why not. */
export type Admission = { admitted: true; release: () => void } | { admitted: false; refusal: Refusal }

export interface RunAdmission {
  /**
   * Draws one run of `tool` from the request's budgets, then waits for a concurrency slot (in line,
   * like a single run); the slot is held until `release` is called.
   */
  admit(request: FastifyRequest, tool: string, signal: AbortSignal): Promise<Admission>
  /**
   * Draws `runs` runs of `tool` from the request's budgets at once, without a concurrency slot (the
   * runs happen elsewhere: a measurement's probes); the refusal when a budget has no room for them.
   */
  charge(request: FastifyRequest, tool: string, runs: number): Promise<Refusal | undefined>
  /**
   * Like `admit`, for a run made on an account's behalf with no request behind it (a monitor's
   * check): it draws on the account's budgets and on those of the account's background runs, then
   * waits for a concurrency slot of its own client key.
   */
  admitAccount(accountId: string, tool: string, signal: AbortSignal): Promise<Admission>
}

export async function registerLimits(
  app: FastifyInstance,
  { config, currentUser, metrics }: LimitsOptions,
): Promise<RunAdmission> {
  const store = await createStore(app, config.redisUrl)
  app.addHook('onClose', async () => store.close())
  const limiter = createRateLimiter(store)
  const { limits } = config
  const caps = {
    overall: limits.concurrentRuns,
    perTool: limits.concurrentPerTool,
    perClient: limits.concurrentPerClient,
  }
  const slots = await createSlots(app, config.redisUrl, caps, limits.concurrencyLeaseMs)
  const gate = createConcurrencyGate(
    { ...caps, queuePerTool: limits.queuePerTool, maxWaitMs: limits.queueMaxWaitMs },
    { store: slots },
  )
  app.addHook('onClose', async () => {
    gate.close()
    await slots.close()
  })
  metrics?.gauge('concurrency', () => gate.inUse())
  const { ping } = store
  if (ping) metrics?.gauge('dependency', async () => ({ redis: (await ping.call(store)) ? 1 : 0 }))
  const subnets = createSubnetKeys({ threshold: limits.ipv6SubnetsPer48 })

  // Callback style, so that the many routes without limits (pages, static files) pay no promise for it;
  // the routes with limits continue in enforce(), which ends by answering or by letting them through.
  app.addHook('preHandler', (request, reply, done) => {
    const route = request.routeOptions.url
    if (!route) return done()
    const transferBytes = route.startsWith('/api/speed/') ? transferBytesOf(request, config.speedMaxBytes) : undefined
    const plan = planLimits({ method: request.method, route, transferBytes }, limits)
    if (!plan) return done()
    enforce(request, reply, plan).then(
      () => {
        if (!reply.sent) done()
      },
      (error: Error) => done(error),
    )
  })

  const clientOf = async (request: FastifyRequest, plan: LimitPlan): Promise<Client> => ({
    address: subnets.keyFor(request.ip),
    accountId: plan.budgets.some((b) => b.perAccount) ? await accountIdOf(request, currentUser) : undefined,
    // API-token requests draw on their account's own, larger budgets (RATE_LIMIT_TOKEN_*).
    viaToken: request.apiTokenOwner !== null,
  })

  /** Draws the plan's budgets; the refusal (429) when one is spent. */
  const consume = async (
    request: Pick<FastifyRequest, 'log' | 'ip'>,
    plan: LimitPlan,
    client: Client,
  ): Promise<Refusal | undefined> => {
    const refused = await limiter.consume(plan.budgets, client)
    if (!refused) return undefined
    const { budget, subject, retryAfterSeconds } = refused
    request.log.info(
      { limit: budget.name, by: subject, client: clientAddressKey(request.ip) },
      'request refused by a rate limit',
    )
    metrics?.observeRefusal(budget.name)
    const from = subject === 'token' ? "your account's API tokens" : `your ${subject}`
    const message = `${budget.tooMany} from ${from}. Try again in ${retryAfterSeconds} s.`
    return { status: 429, type: 'rate_limited', message, retryAfterSeconds }
  }

  /** After a run ends: one more unit of each budget per started period beyond the first. */
  const chargeDuration = (plan: LimitPlan, client: Client, started: number) => {
    const extra = Math.ceil((performance.now() - started) / (limits.runCostSeconds * 1000)) - 1
    if (extra > 0)
      void limiter.consume(
        plan.budgets.map((budget) => ({ ...budget, amount: budget.amount * extra })),
        client,
      )
  }

  /** Past the budgets: a place under the tool's concurrency caps, released (and a long run charged) at the end. */
  const enterGate = async (
    plan: LimitPlan,
    client: Client,
    tool: string,
    gateKey: string,
    signal: AbortSignal,
  ): Promise<Admission> => {
    const decision = await gate.enter(tool, gateKey, { signal })
    if (!decision.admitted) {
      metrics?.observeRefusal(`concurrent-${decision.reason}`)
      return {
        admitted: false,
        refusal: busyRefusal(decision.reason, tool, Math.round(limits.queueMaxWaitMs / 1000)),
      }
    }
    const started = performance.now()
    return {
      admitted: true,
      release: () => {
        decision.release()
        chargeDuration(plan, client, started)
      },
    }
  }

  const enforce = async (request: FastifyRequest, reply: FastifyReply, plan: LimitPlan): Promise<unknown> => {
    const address = clientAddressKey(request.ip)
    const client = await clientOf(request, plan)
    const refusal = await consume(request, plan, client)
    if (refusal) return sendRefusal(reply, plan.shape, refusal, plan.budgets[0]?.name === 'speed')
    if (!plan.run) return
    const tool = plan.run
    const stream = wantsEventStream(request)
    const decision = await gate.enter(tool, address, {
      signal: closedSignal(reply),
      onQueued: stream ? (place) => writeQueueEvent(reply, place) : undefined,
    })
    if (!decision.admitted) {
      request.log.info(
        { limit: `concurrent-${decision.reason}`, client: address },
        'request refused by a concurrency cap',
      )
      metrics?.observeRefusal(`concurrent-${decision.reason}`)
      const refusal = busyRefusal(decision.reason, tool, Math.round(limits.queueMaxWaitMs / 1000))
      if (reply.raw.headersSent) return endStreamWithRefusal(reply, refusal)
      return sendRefusal(reply, plan.shape, refusal)
    }
    const started = performance.now()
    reply.raw.once('close', () => {
      decision.release()
      // A long run costs more.
      chargeDuration(plan, client, started)
    })
  }

  return {
    async charge(request, tool, runs) {
      const plan = planLimits({ method: 'POST', route: `/api/tools/${tool}` }, limits)
      if (!plan) return undefined
      const budgets = plan.budgets.map((budget) => ({ ...budget, amount: budget.amount * runs }))
      return consume(request, { ...plan, budgets }, await clientOf(request, plan))
    },
    async admit(request, tool, signal) {
      const plan = planLimits({ method: 'POST', route: `/api/tools/${tool}` }, limits)
      if (!plan) return { admitted: true, release: () => {} }
      const client = await clientOf(request, plan)
      const refusal = await consume(request, plan, client)
      if (refusal) return { admitted: false, refusal }
      return enterGate(plan, client, tool, clientAddressKey(request.ip), signal)
    },
    async admitAccount(accountId, tool, signal) {
      const plan = planLimits({ method: 'POST', route: `/api/tools/${tool}` }, limits)
      if (!plan) return { admitted: true, release: () => {} }
      // No address: the account's background runs count as a client of their own, and as the account.
      const key = `account:${accountId}`
      const client: Client = { address: key, accountId }
      const refusal = await consume({ log: app.log, ip: key }, plan, client)
      if (refusal) return { admitted: false, refusal }
      return enterGate(plan, client, tool, key, signal)
    },
  }
}
