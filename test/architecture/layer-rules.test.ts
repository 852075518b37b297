// The layering rules in biome.json hold: a planted upward import, a planted import cycle and a
// feature reaching into another feature's files each fail `biome lint` (and so `npm test`).
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const biome = path.join(root, 'node_modules', '.bin', 'biome')
const sandbox = mkdtempSync(path.join(tmpdir(), 'nettoolbox-layers-'))

/** Writes files into a fresh tree that carries the project's own biome.json, then lints it. */
function lint(files: Record<string, string>): { status: number | null; output: string } {
  const dir = mkdtempSync(path.join(sandbox, 'tree-'))
  const config = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8'))
  delete config.$schema
  writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config))
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    writeFileSync(path.join(dir, name), text)
  }
  const run = spawnSync(biome, ['lint', '--max-diagnostics=50', '.'], { cwd: dir, encoding: 'utf8' })
  return { status: run.status, output: `${run.stdout}${run.stderr}` }
}

afterAll(() => rmSync(sandbox, { recursive: true, force: true }))

describe('the layering rules of biome.json', () => {
  it('pass a tree whose imports point down', () => {
    const result = lint({
      'src/shared/catalogue.ts': 'export const ids = 1\n',
      'src/diagnostics/registry.ts': "import { ids } from '../shared/catalogue.ts'\nexport const n = ids\n",
      'src/server/app.ts': "import { n } from '../diagnostics/registry.ts'\nexport const m = n\n",
    })
    expect(result.output).not.toContain('noRestrictedImports')
    expect(result.status).toBe(0)
  })

  it('fail when diagnostics imports server', () => {
    const result = lint({
      'src/server/config.ts': 'export type Config = { port: number }\n',
      'src/diagnostics/registry.ts': "import type { Config } from '../server/config.ts'\nexport type C = Config\n",
    })
    expect(result.status).not.toBe(0)
    expect(result.output).toContain('lint/style/noRestrictedImports')
    expect(result.output).toContain('src/diagnostics sits below server and web')
  })

  it('fail when shared imports diagnostics and when web imports server', () => {
    const result = lint({
      'src/diagnostics/net/policy.ts': 'export const policy = 1\n',
      'src/shared/validation.ts': "import { policy } from '../diagnostics/net/policy.ts'\nexport const v = policy\n",
      'src/server/config.ts': 'export const port = 1\n',
      'src/web/app/app.tsx': "import { port } from '../../server/config.ts'\nexport const p = port\n",
    })
    expect(result.status).not.toBe(0)
    expect(result.output).toContain('src/shared is the bottom layer')
    expect(result.output).toContain('The web app talks to the server only over HTTP')
  })

  it('fail on an import cycle', () => {
    const result = lint({
      'src/shared/a.ts': "import { b } from './b.ts'\nexport const a = () => b\n",
      'src/shared/b.ts': "import { a } from './a.ts'\nexport const b = () => a\n",
    })
    expect(result.status).not.toBe(0)
    expect(result.output).toContain('lint/suspicious/noImportCycles')
  })
})

describe('the feature rule of biome.json', () => {
  it('fails when a feature imports another feature, its files or its index.ts, and passes through the tool panel', () => {
    const result = lint({
      'src/web/features/dns/dns-fields.tsx': 'export const fields = 1\n',
      'src/web/features/dns/deep/table.tsx': 'export const table = 1\n',
      'src/web/features/dns/index.ts': "export { fields } from './dns-fields.tsx'\n",
      'src/web/features/ping/ping-panel.tsx':
        "import { table } from '../dns/deep/table.tsx'\nimport { fields } from '../dns/dns-fields.tsx'\nexport const p = [fields, table]\n",
      'src/web/features/mail/mail-panel.tsx': "import { fields } from '../dns/index.ts'\nexport const m = fields\n",
      'src/web/tool-panel/index.ts': 'export const ToolPanel = 1\n',
      'src/web/features/whois/whois-tool.tsx':
        "import { ToolPanel } from '../../tool-panel/index.ts'\nexport const w = ToolPanel\n",
    })
    expect(result.status).not.toBe(0)
    const refused = result.output.split('\n').filter((line) => line.includes('lint/style/noRestrictedImports'))
    expect(refused.map((line) => line.replace(/:.*/, '')).sort()).toEqual([
      'src/web/features/mail/mail-panel.tsx',
      'src/web/features/ping/ping-panel.tsx',
      'src/web/features/ping/ping-panel.tsx',
    ])
    expect(result.output).toContain('A feature imports no other feature')
  })

  it('fails when the tool panel imports a feature', () => {
    const result = lint({
      'src/web/features/monitors/index.ts': 'export const WatchThis = 1\n',
      'src/web/tool-panel/tool-output.tsx':
        "import { WatchThis } from '../features/monitors/index.ts'\nexport const o = WatchThis\n",
    })
    expect(result.status).not.toBe(0)
    expect(result.output).toContain('The tool panel sits below the features')
  })

  it("fails when a feature reaches into another feature's files by way of the features folder", () => {
    const result = lint({
      'src/web/features/dns/x.tsx': 'export const x = 1\n',
      'src/web/features/dns/index.ts': "export { x } from './x.tsx'\n",
      'src/web/features/ping/ping-panel.tsx': "import { x } from '../../features/dns/x.tsx'\nexport const p = x\n",
      'src/web/features/mail/mail-panel.tsx': "import { x } from '../../features/dns/index.ts'\nexport const m = x\n",
    })
    expect(result.status).not.toBe(0)
    const refused = result.output.split('\n').filter((line) => line.includes('lint/style/noRestrictedImports'))
    expect(refused.map((line) => line.replace(/:.*/, '')).sort()).toEqual([
      'src/web/features/mail/mail-panel.tsx',
      'src/web/features/ping/ping-panel.tsx',
    ])
  })

  it('fails when a feature imports the accounts or the measurements feature, even through its index.ts', () => {
    const result = lint({
      'src/web/features/auth/index.ts': 'export const useAuth = 1\n',
      'src/web/features/measurements/index.ts': 'export const storedMeasurementLines = 1\n',
      'src/web/lib/auth-state.ts': 'export const useAuth = 1\n',
      'src/web/features/speedtest/speedtest-panel.tsx':
        "import { useAuth } from '../auth/index.ts'\nexport const s = useAuth\n",
      'src/web/features/history/result-lines.ts':
        "import { storedMeasurementLines } from '../measurements/index.ts'\nexport const r = storedMeasurementLines\n",
      'src/web/features/monitors/watch-this.tsx':
        "import { useAuth } from '../../features/auth/index.ts'\nexport const w = useAuth\n",
      'src/web/features/phone-lookup/phone-lookup-panel.tsx':
        "import { useAuth } from '../../lib/auth-state.ts'\nexport const p = useAuth\n",
    })
    expect(result.status).not.toBe(0)
    const refused = result.output.split('\n').filter((line) => line.includes('lint/style/noRestrictedImports'))
    expect(refused.map((line) => line.replace(/:.*/, '')).sort()).toEqual([
      'src/web/features/history/result-lines.ts',
      'src/web/features/monitors/watch-this.tsx',
      'src/web/features/speedtest/speedtest-panel.tsx',
    ])
    expect(result.output).toContain('A feature imports no other feature, by no path')
  })
})

describe('the probe rule of biome.json', () => {
  it('fails when the probe imports server code, and lets it import diagnostics and shared', () => {
    const result = lint({
      'src/server/config-fields.ts': 'export const list = 1\n',
      'src/diagnostics/run/run-tool.ts': 'export const runTool = 1\n',
      'src/shared/catalogue.ts': 'export const ids = 1\n',
      'src/probe/probe-config.ts': "import { list } from '../server/config-fields.ts'\nexport const c = list\n",
      'src/probe/run.ts':
        "import { runTool } from '../diagnostics/run/run-tool.ts'\nimport { ids } from '../shared/catalogue.ts'\nexport const r = [runTool, ids]\n",
    })
    expect(result.status).not.toBe(0)
    const refused = result.output.split('\n').filter((line) => line.includes('lint/style/noRestrictedImports'))
    expect(refused.map((line) => line.replace(/:.*/, ''))).toEqual(['src/probe/probe-config.ts'])
    expect(result.output).toContain('The probe runs the diagnostics engine on its own')
  })
})

describe('the shared web code rule of biome.json', () => {
  it('fails when components or lib import a feature, a page, the catalogue or the app shell', () => {
    const result = lint({
      'src/web/features/dns/index.ts': 'export const dns = 1\n',
      'src/web/pages/home-page.tsx': 'export const home = 1\n',
      'src/web/app/routes.ts': 'export const routes = 1\n',
      'src/web/catalogue/tool-manifest.tsx': 'export const manifest = 1\n',
      'src/web/lib/format.ts': 'export const format = 1\n',
      'src/web/components/card.tsx':
        "import { dns } from '../features/dns/index.ts'\nimport { format } from '../lib/format.ts'\nexport const c = [dns, format]\n",
      'src/web/components/table.tsx':
        "import { manifest } from '../catalogue/tool-manifest.tsx'\nexport const t = manifest\n",
      'src/web/lib/links.ts': "import { routes } from '../app/routes.ts'\nexport const l = routes\n",
      'src/web/lib/home.ts': "import { home } from '../pages/home-page.tsx'\nexport const h = home\n",
    })
    expect(result.status).not.toBe(0)
    const refused = result.output.split('\n').filter((line) => line.includes('lint/style/noRestrictedImports'))
    expect(refused.map((line) => line.replace(/:.*/, '')).sort()).toEqual([
      'src/web/components/card.tsx',
      'src/web/components/table.tsx',
      'src/web/lib/home.ts',
      'src/web/lib/links.ts',
    ])
    expect(result.output).toContain('Shared web code (components, lib) sits below features')
  })
})

describe('the library rule of biome.json', () => {
  it("fails when a tool imports another tool's folder, and lets it import net/, the named libraries and types.ts", () => {
    const result = lint({
      'src/diagnostics/types.ts': 'export type Diagnostic = { id: string }\n',
      'src/diagnostics/net/net.ts': 'export const net = 1\n',
      'src/diagnostics/tls-grade/grade.ts': "import { net } from '../net/net.ts'\nexport const grade = net\n",
      'src/diagnostics/dns-wire/wire-reader.ts': 'export const read = 1\n',
      'src/diagnostics/ssl/run.ts': "import { grade } from '../tls-grade/grade.ts'\nexport const ssl = grade\n",
      'src/diagnostics/dns/run.ts': 'export const dns = 1\n',
      'src/diagnostics/mail/starttls.ts': "import { ssl } from '../ssl/run.ts'\nexport const m = ssl\n",
      'src/diagnostics/mail/lookup.ts': "import { dns } from '../../diagnostics/dns/run.ts'\nexport const l = dns\n",
      'src/diagnostics/mail/run.ts':
        "import { read } from '../dns-wire/wire-reader.ts'\nimport { net } from '../net/net.ts'\nimport { grade } from '../tls-grade/grade.ts'\nimport type { Diagnostic } from '../types.ts'\nexport const r = [read, net, grade]\nexport type D = Diagnostic\n",
      'src/diagnostics/registry.ts':
        "import { dns } from './dns/run.ts'\nimport { ssl } from './ssl/run.ts'\nexport const registry = [dns, ssl]\n",
    })
    expect(result.status).not.toBe(0)
    const refused = result.output.split('\n').filter((line) => line.includes('lint/style/noRestrictedImports'))
    expect(refused.map((line) => line.replace(/:.*/, '')).sort()).toEqual([
      'src/diagnostics/mail/lookup.ts',
      'src/diagnostics/mail/starttls.ts',
    ])
    expect(result.output).toContain("never another tool's folder")
  })
})

describe('the network-seam rule of biome.json', () => {
  it('fails when a diagnostic outside net/ opens its own DNS socket or asks the DNS client directly, and lets net/ do so', () => {
    const result = lint({
      'src/diagnostics/net/dns-client.ts': "import dgram from 'node:dgram'\nexport const d = dgram\n",
      'src/diagnostics/ping/ask.ts': "import dgram from 'node:dgram'\nexport const d = dgram\n",
      'src/diagnostics/rdns/ask.ts': "import { promises } from 'node:dns'\nexport const p = promises\n",
      'src/diagnostics/dns/ask.ts':
        "import { DnsTimeoutError, exchangeDns } from '../net/dns-client.ts'\nexport const d = [DnsTimeoutError, exchangeDns]\n",
      'src/diagnostics/mail/timeout.ts':
        "import { DnsTimeoutError } from '../net/dns-client.ts'\nexport const t = DnsTimeoutError\n",
      'src/diagnostics/rdns/server.ts':
        "import type { Config } from '../../server/config.ts'\nexport type C = Config\n",
      'src/server/config.ts': 'export type Config = { port: number }\n',
    })
    expect(result.status).not.toBe(0)
    const refused = result.output.split('\n').filter((line) => line.includes('lint/style/noRestrictedImports'))
    expect(refused.map((line) => line.replace(/:.*/, '')).sort()).toEqual([
      'src/diagnostics/dns/ask.ts',
      'src/diagnostics/ping/ask.ts',
      'src/diagnostics/rdns/ask.ts',
      'src/diagnostics/rdns/server.ts',
    ])
    expect(result.output).toContain('Diagnostics reach DNS through Net')
    expect(result.output).toContain('Diagnostics ask DNS through Net')
    expect(result.output).toContain('src/diagnostics sits below server and web')
  })
})
