import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { catalogue, TOOL_IDS, type ToolId } from '../../shared/catalogue.ts'
import { TOOL_CONTRACTS } from '../../shared/tools/contracts.ts'
import type { ToolAnswer } from '../../shared/tools/tool-answer.ts'
import { manifestOf, toolManifest } from './feature-manifests.tsx'

const answer = (tool: string, result: unknown): ToolAnswer => ({
  tool,
  input: 'srv.lab.test',
  status: 'ok',
  result,
  lines: [],
  durationMs: 1,
})

// These modules draw a map with Leaflet, which needs a browser to load; the e2e tests
// (test/e2e/tool-panels.test.ts, geolocation-map.test.ts) run them.
const browserOnly = new Set<string>(['geolocation', 'whatismyip'])
const loadable = <T extends string>(ids: readonly T[]) => ids.filter((id) => !browserOnly.has(id)).map((id) => [id])

/** The request schema the server validates a tool's input with, from the tool's contract. */
async function requestSchemaOf(id: ToolId): Promise<unknown> {
  return (TOOL_CONTRACTS[id].request as unknown as { shape: { input: unknown } }).shape.input
}

describe('the tool manifest', () => {
  it('gives every catalogue entry an icon', () => {
    for (const entry of catalogue) expect(manifestOf(entry.id).icon, entry.id).toBeTruthy()
  })

  it.each(loadable(catalogue.map((entry) => entry.id)))('loads the module of %s with its parts', async (id) => {
    const module = await manifestOf(id).load()
    if ('tool' in module) expect(module.tool.result.safeParse(undefined).success).toBe(false)
    else expect(typeof module.Panel).toBe('function')
  })

  it.each(loadable(TOOL_IDS))(
    "checks %s's input with the schema the server uses, or takes none when the entry has no input",
    async (id) => {
      const { tool } = await toolManifest(id).load()
      const entry = catalogue.find((e) => e.id === id)
      if (entry?.label === undefined) {
        expect(tool.input).toBeUndefined()
        return
      }
      expect(tool.input?.schema).toBe(await requestSchemaOf(id))
    },
  )

  it('draws a view only for a result that matches the tool schema', async () => {
    const { tool } = await toolManifest('rdns').load()
    const result = {
      ip: '198.51.100.7',
      family: 4,
      server: '198.51.100.53:53',
      reverseName: '7.100.51.198.in-addr.arpa',
      rcode: 'NOERROR',
      queryTimeMs: 3,
      forwardConfirmed: true,
      ptrs: [{ name: 'srv.lab.test', ttl: 300, forwardAddresses: ['198.51.100.7'], confirmation: 'confirmed' }],
    }
    expect(tool.result.safeParse(result).success).toBe(true)
    const markup = renderToStaticMarkup(<div>{tool.renderDetails?.(answer('rdns', result))}</div>)
    expect(markup).toContain('srv.lab.test')
    expect(tool.renderDetails?.(answer('rdns', { ip: 5 }))).toBeNull()
  })

  it("warns about a mail test's failed checks", async () => {
    const { tool } = await toolManifest('mail').load()
    const mail = (statuses: string[]) => ({
      result: {
        domain: 'lab.test',
        mxSource: 'mx',
        mx: [],
        dkim: [],
        checks: statuses.map((status, i) => ({ id: `c${i}`, title: `Check ${i}`, status, reason: 'r' })),
      },
    })
    expect(tool.warning?.(mail(['pass', 'fail', 'fail', 'skipped']))).toBe('2 checks failed')
    expect(tool.warning?.(mail(['pass', 'fail']))).toBe('1 check failed')
    expect(tool.warning?.(mail(['pass', 'warn', 'skipped']))).toBeUndefined()
  })
})
