// RDAP lookups (RFC 9082/9083): the service found through the bootstrap, asked over the guarded client.
// A failed answer's `error` is a clause ("the RDAP service … answered 503") for the caller's sentence;
// the directory and the services are the registries' machinery, so their failures are the server
// side's ('server'); only a registry's 404 is a fact about what was asked ('target').
import type { FailureSource } from '../../shared/tools/tool-answer.ts'
import { GuardedFetchError, guardedFetch } from '../net/guarded-http.ts'
import { createRdapBootstrap, type FetchContext } from './bootstrap.ts'
import { describeQuery, type RegistryQuery } from './registry-query.ts'

export type RdapObject = Record<string, unknown>

export type RdapAnswer =
  | { ok: true; url: string; data: RdapObject; raw: string }
  | { ok: false; notFound: boolean; failureSource: FailureSource; error: string; url?: string }

export interface RdapClientOptions {
  bootstrapUrl: string
  bootstrapTtlMs?: number
}

function pathFor(query: RegistryQuery): string {
  switch (query.kind) {
    case 'domain':
      return `domain/${encodeURIComponent(query.name)}`
    case 'ip':
      return `ip/${query.address.address}`
    case 'asn':
      return `autnum/${query.number}`
  }
}

function parseObject(body: Buffer): RdapObject | null {
  try {
    const data: unknown = JSON.parse(body.toString('utf8'))
    return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as RdapObject) : null
  } catch {
    return null
  }
}

async function askService(base: string, query: RegistryQuery, context: FetchContext): Promise<RdapAnswer> {
  const url = new URL(pathFor(query), base).href
  try {
    const response = await guardedFetch(url, {
      net: context.net,
      signal: context.signal,
      timeoutMs: context.timeoutMs ?? 8000,
      maxBytes: 1024 * 1024,
      maxRedirects: 3,
      headers: { accept: 'application/rdap+json, application/json;q=0.9' },
    })
    const where = response.url
    if (response.status === 404) {
      return {
        ok: false,
        notFound: true,
        failureSource: 'target',
        error: `${describeQuery(query)} was not found (${where} answered 404)`,
        url: where,
      }
    }
    if (response.status !== 200) {
      return {
        ok: false,
        notFound: false,
        failureSource: 'server',
        error: `the RDAP service ${where} answered ${response.status}`,
        url: where,
      }
    }
    const data = parseObject(response.body)
    if (!data)
      return {
        ok: false,
        notFound: false,
        failureSource: 'server',
        error: `the RDAP service ${where} did not answer RDAP JSON`,
        url: where,
      }
    return { ok: true, url: where, data, raw: JSON.stringify(data, null, 2) }
  } catch (error) {
    if (error instanceof GuardedFetchError) {
      if (error.failureSource === 'policy') {
        return {
          ok: false,
          notFound: false,
          failureSource: 'policy',
          error: `the RDAP service ${url} was not asked: ${error.message}`,
          url,
        }
      }
      return {
        ok: false,
        notFound: false,
        failureSource: 'server',
        error: `the RDAP service ${url} could not be reached: ${error.message}`,
        url,
      }
    }
    throw error
  }
}

export function createRdapClient(options: RdapClientOptions) {
  const bootstrap = createRdapBootstrap({ url: options.bootstrapUrl, ttlMs: options.bootstrapTtlMs })

  return {
    async lookup(query: RegistryQuery, context: FetchContext): Promise<RdapAnswer> {
      let servers: string[]
      try {
        servers = await bootstrap.findServers(query, context)
      } catch (error) {
        const policy = error instanceof GuardedFetchError && error.failureSource === 'policy'
        return {
          ok: false,
          notFound: false,
          failureSource: policy ? 'policy' : 'server',
          error: `the RDAP directory could not be read: ${(error as Error).message}`,
        }
      }
      if (servers.length === 0) {
        return {
          ok: false,
          notFound: false,
          failureSource: 'target',
          error: `no RDAP service is registered for ${describeQuery(query)}`,
        }
      }
      let answer: RdapAnswer | undefined
      for (const base of servers) {
        answer = await askService(base, query, context)
        if (answer.ok || answer.notFound || context.signal.aborted) return answer
      }
      return answer as RdapAnswer
    },
  }
}

export type RdapClient = ReturnType<typeof createRdapClient>
