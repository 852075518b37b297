// History's (and a shared result's) Run again asks what the run asked: the stored request options
// become the tool page's query parameters, which each tool's own `query` mapping reads back.
import { describe, expect, it } from 'vitest'
import { findEntry, type ToolId } from '../../../shared/catalogue.ts'
import { dnsOptions } from '../../../shared/tools/dns/schema.ts'
import { pingOptions } from '../../../shared/tools/ping/schema.ts'
import { tracerouteOptions } from '../../../shared/tools/traceroute/schema.ts'
import { toolManifest } from '../../catalogue/feature-manifests.tsx'
import { optionsQuery } from '../../tool-panel/index.ts'
import { toolLink } from './history-entry.tsx'
import { historyCount } from './history-panel.tsx'

/** Every option of each tool with options, each set away from its default in one of the samples. */
const samples: { tool: ToolId; keys: string[]; options: Record<string, unknown>[] }[] = [
  {
    tool: 'dns',
    keys: Object.keys(dnsOptions.shape),
    options: [
      { type: 'MX', dnssec: true },
      { type: 'ZONEMD' },
      { resolver: 'cloudflare' },
      { server: '198.51.100.53:5353' },
      { trace: true },
      { propagation: true, type: 'NS' },
    ],
  },
  {
    tool: 'ping',
    keys: Object.keys(pingOptions.shape),
    options: [
      { count: 7, family: 6 },
      { mode: 'tcp', port: 8443 },
    ],
  },
  {
    tool: 'traceroute',
    keys: Object.keys(tracerouteOptions.shape),
    options: [
      { count: 3, family: 4 },
      { protocol: 'udp', port: 33434 },
    ],
  },
]

const sorted = (pairs: [string, string][]) => [...pairs].sort(([a], [b]) => a.localeCompare(b))

describe('optionsQuery()', () => {
  it('writes each scalar option under its own name, flags as 1 or 0, and leaves the rest out', () => {
    expect(optionsQuery({ type: 'MX', dnssec: true, trace: false, count: 4, nested: { a: 1 }, none: null })).toEqual([
      ['type', 'MX'],
      ['dnssec', '1'],
      ['trace', '0'],
      ['count', '4'],
    ])
    expect(optionsQuery(null)).toEqual([])
    expect(optionsQuery({ count: Number.NaN })).toEqual([])
  })

  describe.each(samples)('for $tool', ({ tool, keys, options }) => {
    it('covers every option the tool takes', () => {
      expect(new Set(options.flatMap((o) => Object.keys(o)))).toEqual(new Set(keys))
    })

    it.each(options)('is read back by the tool page as the same options: %o', async (sample) => {
      const { query } = (await toolManifest(tool).load()).tool
      if (!query) throw new Error(`${tool} has no query mapping`)
      const params = new URLSearchParams(optionsQuery(sample))
      expect(sorted(query.write(query.read(params)))).toEqual(sorted(optionsQuery(sample)))
    })
  })
})

describe('toolLink()', () => {
  const dns = findEntry('dns')
  if (!dns) throw new Error('dns is in the catalogue')

  it('runs again with the stored options', () => {
    expect(toolLink(dns, 'shop.test', true, null, { type: 'MX', dnssec: true })).toBe(
      '/dns-lookup?q=shop.test&type=MX&dnssec=1',
    )
  })

  it('opens in the tool with the input and the options, without running', () => {
    expect(toolLink(dns, 'shop.test', false, null, { type: 'MX' })).toBe('/dns-lookup?input=shop.test&type=MX')
    expect(toolLink(dns, 'shop.test', true)).toBe('/dns-lookup?q=shop.test')
  })
})

describe('historyCount()', () => {
  it('counts what the filters show, and says of how many while filtered', () => {
    expect(historyCount(5, 5)).toBe('5')
    expect(historyCount(2, 5)).toBe('2 of 5')
    expect(historyCount(0, 5)).toBe('0 of 5')
  })
})
