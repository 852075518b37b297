// Applies the limits to every route of the app (one preHandler hook): concurrency caps on tool runs,
// then the rate budgets of limit-rules.ts per address and per signed-in account.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { findEntry } from '../../../shared/catalogue.ts'
import type { Config } from '../../config.ts'
import type { CurrentUser } from '../auth/session.ts'
import { clientAddressKey } from './client-key.ts'
import { createConcurrencyGate, type GateDecision } from './concurrency-gate.ts'
import { type CounterStore, createMemoryCounterStore } from './counter-store.ts'
import { planLimits } from './limit-rules.ts'
import { createRateLimiter } from './rate-limiter.ts'
import { createRedisCounterStore } from './redis-counter-store.ts'
import { BUSY_RETRY_AFTER_SECONDS, type Refusal, sendRefusal } from './refusals.ts'

export interface LimitsOptions {
  config: Pick<Config, 'limits' | 'redisUrl' | 'speedMaxBytes'>
  currentUser: CurrentUser
}

async function createStore(app: FastifyInstance, redisUrl: string | undefined): Promise<CounterStore> {
  if (!redisUrl) return createMemoryCounterStore()
  return createRedisCounterStore(redisUrl, {
    onError: (error) => app.log.warn({ err: error }, 'Redis connection for rate limits failed'),
  })
}

/** Bytes a speed-test transfer moves: the download's validated count, the upload's declared length. */
function transferBytesOf(request: FastifyRequest, uploadCap: number): number | undefined {
  if (request.method === 'GET') return (request.query as { bytes?: number } | undefined)?.bytes
  const declared = Number(request.headers['content-length'])
  return Number.isFinite(declared) ? declared : uploadCap
}

async function accountIdOf(request: FastifyRequest, currentUser: CurrentUser): Promise<string | undefined> {
  if (!request.headers.cookie) return undefined
  // Without the database the account is unknown; the address limits still apply.
  return (await currentUser(request).catch(() => null))?.id
}

function busyRefusal(decision: Exclude<GateDecision, { admitted: true }>, tool: string): Refusal {
  const retry = BUSY_RETRY_AFTER_SECONDS
  if (decision.reason === 'client') {
    return {
      status: 429,
      type: 'rate_limited',
      retryAfterSeconds: retry,
      message: `Too many tool runs in progress from your address. Try again in ${retry} s.`,
    }
  }
  const what = decision.reason === 'tool' ? `${findEntry(tool)?.name ?? tool} runs` : 'tool runs'
  return {
    status: 503,
    type: 'server_busy',
    retryAfterSeconds: retry,
    message: `The server is busy with too many ${what}. Try again in ${retry} s.`,
  }
}

export async function registerLimits(app: FastifyInstance, { config, currentUser }: LimitsOptions): Promise<void> {
  const store = await createStore(app, config.redisUrl)
  app.addHook('onClose', async () => store.close())
  const limiter = createRateLimiter(store, {
    onStoreFailure: (error) =>
      app.log.error({ err: error }, 'rate-limit store unavailable: requests pass without rate limits'),
  })
  const gate = createConcurrencyGate({
    overall: config.limits.concurrentRuns,
    perTool: config.limits.concurrentPerTool,
    perClient: config.limits.concurrentPerClient,
  })

  app.addHook('preHandler', async (request, reply) => {
    const route = request.routeOptions.url
    if (!route) return
    const transferBytes = route.startsWith('/api/speed/') ? transferBytesOf(request, config.speedMaxBytes) : undefined
    const plan = planLimits({ method: request.method, route, transferBytes }, config.limits)
    if (!plan) return
    const address = clientAddressKey(request.ip)
    let release = () => {}
    if (plan.run) {
      const decision = gate.enter(plan.run, address)
      if (!decision.admitted) {
        request.log.info(
          { limit: `concurrent-${decision.reason}`, client: address },
          'request refused by a concurrency cap',
        )
        return sendRefusal(reply, plan.shape, busyRefusal(decision, plan.run))
      }
      release = decision.release
      reply.raw.once('close', release)
    }
    const accountId = plan.budgets.some((b) => b.perAccount) ? await accountIdOf(request, currentUser) : undefined
    const refused = await limiter.consume(plan.budgets, { address, accountId })
    if (!refused) return
    release()
    const { budget, subject, retryAfterSeconds } = refused
    request.log.info({ limit: budget.name, by: subject, client: address }, 'request refused by a rate limit')
    const message = `${budget.tooMany} from your ${subject}. Try again in ${retryAfterSeconds} s.`
    return sendRefusal(
      reply,
      plan.shape,
      { status: 429, type: 'rate_limited', message, retryAfterSeconds },
      budget.name === 'speed',
    )
  })
}
