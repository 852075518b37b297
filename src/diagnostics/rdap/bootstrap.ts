// The IANA RDAP bootstrap registries (RFC 9224): which RDAP service answers for a TLD, an
// address block or an AS number range. Files are fetched through the guarded client and cached.
import ipaddr from 'ipaddr.js'
import { guardedFetch } from '../net/guarded-http.ts'
import type { Net } from '../net/net.ts'
import type { RegistryQuery } from './registry-query.ts'

type BootstrapFile = 'dns.json' | 'ipv4.json' | 'ipv6.json' | 'asn.json'
type Service = [string[], string[]]

export interface BootstrapOptions {
  /** Base URL holding dns.json, ipv4.json, ipv6.json and asn.json. */
  url: string
  ttlMs?: number
  now?: () => number
}

export interface FetchContext {
  net: Pick<Net, 'policy' | 'resolveTarget'>
  signal: AbortSignal
  timeoutMs?: number
}

export class BootstrapError extends Error {}

function fileFor(query: RegistryQuery): BootstrapFile {
  if (query.kind === 'domain') return 'dns.json'
  if (query.kind === 'asn') return 'asn.json'
  return query.address.family === 4 ? 'ipv4.json' : 'ipv6.json'
}

function parseServices(body: Buffer, where: string): Service[] {
  let data: unknown
  try {
    data = JSON.parse(body.toString('utf8'))
  } catch (cause) {
    throw new BootstrapError(`${where} is not valid JSON`, { cause })
  }
  const services = (data as { services?: unknown }).services
  if (!Array.isArray(services)) throw new BootstrapError(`${where} has no services list`)
  return services.filter((s): s is Service => Array.isArray(s) && Array.isArray(s[0]) && Array.isArray(s[1]))
}

/** The most specific entry wins: longest domain suffix, longest prefix, any matching AS range. */
function matchService(services: Service[], query: RegistryQuery): string[] | undefined {
  let best: { urls: string[]; weight: number } | undefined
  const consider = (urls: string[], weight: number) => {
    if (!best || weight > best.weight) best = { urls, weight }
  }
  for (const [keys, urls] of services) {
    for (const key of keys) {
      if (query.kind === 'domain') {
        const suffix = key.toLowerCase().replace(/^\.|\.$/g, '')
        if (query.name === suffix || query.name.endsWith(`.${suffix}`)) consider(urls, suffix.split('.').length)
      } else if (query.kind === 'asn') {
        const [low, high] = key.split('-').map(Number)
        if (low !== undefined && query.number >= low && query.number <= (high ?? low)) consider(urls, 1)
      } else if (ipaddr.isValidCIDR(key)) {
        const [network, bits] = ipaddr.parseCIDR(key)
        const address = ipaddr.parse(query.address.address)
        if (address.kind() === network.kind() && address.match(network, bits)) consider(urls, bits)
      }
    }
  }
  return best?.urls
}

/** HTTPS first, then whatever else is listed; every base ends with "/". */
function orderUrls(urls: string[]): string[] {
  const sorted = [...urls].sort((a, b) => Number(b.startsWith('https:')) - Number(a.startsWith('https:')))
  return sorted.map((u) => (u.endsWith('/') ? u : `${u}/`))
}

export function createRdapBootstrap(options: BootstrapOptions) {
  const ttlMs = options.ttlMs ?? 24 * 60 * 60 * 1000
  const now = options.now ?? Date.now
  const base = options.url.endsWith('/') ? options.url : `${options.url}/`
  const cache = new Map<BootstrapFile, { expires: number; services: Promise<Service[]> }>()

  async function load(file: BootstrapFile, context: FetchContext): Promise<Service[]> {
    const url = new URL(file, base).href
    const response = await guardedFetch(url, {
      net: context.net,
      signal: context.signal,
      timeoutMs: context.timeoutMs ?? 8000,
      maxBytes: 4 * 1024 * 1024,
      maxRedirects: 3,
      headers: { accept: 'application/json' },
    })
    if (response.status !== 200) throw new BootstrapError(`${url} answered ${response.status}`)
    return parseServices(response.body, url)
  }

  function services(file: BootstrapFile, context: FetchContext): Promise<Service[]> {
    const cached = cache.get(file)
    if (cached && cached.expires > now()) return cached.services
    const loading = load(file, context)
    cache.set(file, { expires: now() + ttlMs, services: loading })
    // A failed load is not kept: the next lookup tries again.
    loading.catch(() => cache.delete(file))
    return loading
  }

  return {
    /** Base URLs of the RDAP services for the query, or an empty list when none is registered. */
    async findServers(query: RegistryQuery, context: FetchContext): Promise<string[]> {
      const urls = matchService(await services(fileFor(query), context), query)
      return urls ? orderUrls(urls) : []
    },
  }
}

export type RdapBootstrap = ReturnType<typeof createRdapBootstrap>
