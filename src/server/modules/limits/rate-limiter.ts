// Draws a request's budgets from the counter store, per address and (where the budget says so) per
// signed-in account. The store never switches a limit off: with Redis it is fail-safe-counter-store.ts,
// which counts in the process while Redis fails.
import type { CounterStore } from './counter-store.ts'
import { type Budget, LIMIT_WINDOW_MS } from './limit-rules.ts'

export interface Client {
  /** clientAddressKey() of the request's address. */
  address: string
  /** The signed-in account's id, if any. */
  accountId?: string
  /**
   * The request carries an API token of `accountId`: per-account budgets count for the account's
   * tokens alone, against their tokenMax, and not per address (scripts often share an address).
   */
  viaToken?: boolean
}

export interface RateRefusal {
  budget: Budget
  subject: 'address' | 'account' | 'token'
  retryAfterSeconds: number
}

export interface RateLimiter {
  /** Undefined when every budget still had room; otherwise the first one exceeded. */
  consume(budgets: Budget[], client: Client): Promise<RateRefusal | undefined>
}

export function createRateLimiter(store: CounterStore): RateLimiter {
  return {
    async consume(budgets, client) {
      for (const budget of budgets) {
        const subjects: Array<[RateRefusal['subject'], string, number]> = []
        if (budget.perAccount && client.viaToken && client.accountId) {
          subjects.push(['token', `token-user:${client.accountId}`, budget.tokenMax ?? budget.max])
        } else {
          subjects.push(['address', `ip:${client.address}`, budget.max])
          if (budget.perAccount && client.accountId) subjects.push(['account', `user:${client.accountId}`, budget.max])
        }
        for (const [subject, key, max] of subjects) {
          const count = await store.add(`${budget.name}:${key}`, budget.amount, LIMIT_WINDOW_MS)
          if (count.total > max) {
            return { budget, subject, retryAfterSeconds: Math.max(1, Math.ceil(count.resetInMs / 1000)) }
          }
        }
      }
      return undefined
    },
  }
}
