// Which budgets a request draws on, by route: every limit of the API in one table.

import { findEntry, TOOL_IDS } from '../../../shared/catalogue.ts'
import type { LimitSettings } from '../../config.ts'
import { expensiveCost } from './tool-costs.ts'

export const LIMIT_WINDOW_MS = 60_000

export interface Budget {
  /** Counter name; the client's key is appended. */
  name: 'tools' | 'expensive' | 'auth' | 'events' | 'speed'
  amount: number
  max: number
  /** Start of the refusal: "Too many Traceroute runs" (+ " from your address. Try again in 42 s."). */
  tooMany: string
  /** Counted per signed-in account as well as per address. */
  perAccount: boolean
  /** The limit for requests with an API token, counted per account only (default max). */
  tokenMax?: number
}

/** How a refusal is written: our error shape, plus the fields the route's own clients read. */
export type RefusalShape = 'error' | 'auth' | 'phone-lookup'

export interface LimitPlan {
  budgets: Budget[]
  /** For tool runs: the tool whose concurrency slots the run takes. */
  run?: string
  shape: RefusalShape
}

export interface RouteFacts {
  method: string
  /** The route's pattern, e.g. "/api/tools/dns" or "/api/auth/*". */
  route: string
  /** Bytes a speed-test transfer moves (the download's `bytes`, the upload's Content-Length). */
  transferBytes?: number
}

const TOOLS = new Set<string>(TOOL_IDS)

function toolPlan(tool: string, limits: LimitSettings): LimitPlan {
  const name = findEntry(tool)?.name ?? tool
  const budgets: Budget[] = [
    {
      name: 'tools',
      amount: 1,
      max: limits.toolsPerMinute,
      tokenMax: limits.token.toolsPerMinute,
      tooMany: 'Too many tool runs',
      perAccount: true,
    },
  ]
  const cost = expensiveCost(tool)
  if (cost > 0) {
    budgets.push({
      name: 'expensive',
      amount: cost,
      max: limits.expensivePerMinute,
      tokenMax: limits.token.expensivePerMinute,
      tooMany: `Too many ${name} runs`,
      perAccount: true,
    })
  }
  return { budgets, run: tool, shape: 'error' }
}

export function planLimits(facts: RouteFacts, limits: LimitSettings): LimitPlan | undefined {
  const { method, route } = facts
  if (method === 'POST' && route.startsWith('/api/tools/')) {
    const tool = route.slice('/api/tools/'.length)
    return TOOLS.has(tool) ? toolPlan(tool, limits) : undefined
  }
  if (method === 'POST' && (route === '/api/phone-lookup' || route === '/api/phone-reports')) {
    const lookup = route === '/api/phone-lookup'
    const tooMany = lookup ? 'Too many phone lookups' : 'Too many phone reports'
    const budget: Budget = {
      name: 'tools',
      amount: 1,
      max: limits.toolsPerMinute,
      tokenMax: limits.token.toolsPerMinute,
      tooMany,
      perAccount: true,
    }
    return { budgets: [budget], shape: lookup ? 'phone-lookup' : 'error' }
  }
  if (method === 'POST' && route === '/api/auth/*') {
    const budget: Budget = {
      name: 'auth',
      amount: 1,
      max: limits.authPerMinute,
      tooMany: 'Too many account requests',
      perAccount: false,
    }
    return { budgets: [budget], shape: 'auth' }
  }
  if (method === 'POST' && route === '/api/events') {
    const budget: Budget = {
      name: 'events',
      amount: 1,
      max: limits.eventsPerMinute,
      tooMany: 'Too many analytics events',
      perAccount: false,
    }
    return { budgets: [budget], shape: 'error' }
  }
  if ((method === 'GET' && route === '/api/speed/down') || (method === 'POST' && route === '/api/speed/up')) {
    const amount = facts.transferBytes ?? 0
    if (amount <= 0) return undefined
    const budget: Budget = {
      name: 'speed',
      amount,
      max: limits.speedBytesPerMinute,
      tooMany: 'Too much speed-test traffic',
      perAccount: false,
    }
    return { budgets: [budget], shape: 'error' }
  }
  return undefined
}
