// Draws a request's budgets from the counter store, per address and (where the budget says so) per
// signed-in account. When the store fails (Redis down), requests go through and the failure is logged.
import type { CounterStore } from './counter-store.ts'
import { type Budget, LIMIT_WINDOW_MS } from './limit-rules.ts'

export interface Client {
  /** clientAddressKey() of the request's address. */
  address: string
  /** The signed-in account's id, if any. */
  accountId?: string
}

export interface RateRefusal {
  budget: Budget
  subject: 'address' | 'account'
  retryAfterSeconds: number
}

export interface RateLimiter {
  /** Undefined when every budget still had room; otherwise the first one exceeded. */
  consume(budgets: Budget[], client: Client): Promise<RateRefusal | undefined>
}

/** Store failures are logged at most this often. */
const FAILURE_LOG_INTERVAL_MS = 60_000

export function createRateLimiter(
  store: CounterStore,
  { onStoreFailure = (_error: unknown) => {}, now = () => Date.now() } = {},
): RateLimiter {
  let nextFailureLogAt = 0
  const reportFailure = (error: unknown) => {
    if (now() < nextFailureLogAt) return
    nextFailureLogAt = now() + FAILURE_LOG_INTERVAL_MS
    onStoreFailure(error)
  }
  return {
    async consume(budgets, client) {
      for (const budget of budgets) {
        const subjects: Array<[RateRefusal['subject'], string]> = [['address', `ip:${client.address}`]]
        if (budget.perAccount && client.accountId) subjects.push(['account', `user:${client.accountId}`])
        for (const [subject, key] of subjects) {
          try {
            const count = await store.add(`${budget.name}:${key}`, budget.amount, LIMIT_WINDOW_MS)
            if (count.total > budget.max) {
              return { budget, subject, retryAfterSeconds: Math.max(1, Math.ceil(count.resetInMs / 1000)) }
            }
          } catch (error) {
            reportFailure(error)
          }
        }
      }
      return undefined
    },
  }
}
