// The published package: `npm pack` ships one bundled file, and that file works on its own, away
// from this repository and its node_modules; installed from its tarball into an empty folder, it runs
// on the Node.js the package names (the system's Node 20 as well as the project's own).
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APP_VERSION } from '../../src/shared/app-version.ts'
import type { TestApp } from '../support/app/app.ts'
import { listen } from './cli-world.ts'
import { REPO_ROOT, runCli } from './run-cli.ts'

const run = promisify(execFile)

/** Debian's own Node.js (20 on the project's machines): the oldest the package says it runs on. */
const SYSTEM_NODE = '/usr/bin/node'

describe('the nettoolbox-cli package', { timeout: 120_000 }, () => {
  let dir: string
  let bundle: string
  let server: { app: TestApp; url: string }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'nettoolbox-cli-package-'))
    const built = path.join(dir, 'built.js')
    await run(process.execPath, [path.join(REPO_ROOT, 'cli/scripts/bundle.ts'), built])
    // A folder of its own, with no node_modules above it.
    bundle = path.join(dir, 'nettoolbox.js')
    await copyFile(built, bundle)
    server = await listen({})
  })
  afterAll(async () => {
    await server?.app.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('npm pack bundles first (prepack) and ships only the bundle and the manifest', async () => {
    const { stdout } = await run('npm', ['pack', '--dry-run', '--json'], {
      cwd: path.join(REPO_ROOT, 'cli'),
    })
    const [packed] = JSON.parse(stdout) as Array<{ name: string; files: Array<{ path: string }> }>
    expect(packed?.name).toBe('nettoolbox-cli')
    expect(packed?.files.map((f) => f.path).sort()).toEqual(['dist/nettoolbox.js', 'package.json'])
  })

  it('the bundle runs alone: validates with the tools schemas and talks to a server', async () => {
    const [bad, phone] = await Promise.all([
      runCli(['dns', 'not a domain'], { command: [process.execPath, bundle] }),
      runCli(['--server', server.url, 'phone', '+1 212 555 0123'], { command: [process.execPath, bundle] }),
    ])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toBe('nettoolbox dns: Invalid domain format\n')
    expect(phone.code).toBe(0)
    expect(phone.stdout).toContain('Location: New York, NY, United States')
  })

  it('installs from its tarball into an empty folder and runs there, on the system Node and ours', async () => {
    const packed = path.join(dir, 'packed')
    const home = path.join(dir, 'home')
    await mkdir(packed)
    await mkdir(home)
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', packed], {
      cwd: path.join(REPO_ROOT, 'cli'),
    })
    const [tarball] = JSON.parse(stdout) as Array<{ filename: string }>
    await writeFile(path.join(home, 'package.json'), '{ "name": "empty", "private": true }\n')
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', path.join(packed, tarball?.filename ?? '')], {
      cwd: home,
    })
    const installed = path.join(home, 'node_modules', 'nettoolbox-cli', 'dist', 'nettoolbox.js')
    const nodes = [process.execPath, ...(existsSync(SYSTEM_NODE) ? [SYSTEM_NODE] : [])]
    for (const node of nodes) {
      const version = await runCli(['--version'], { command: [node, installed] })
      expect(version.stdout).toBe(`${APP_VERSION}\n`)
      const dns = await runCli(['--server', server.url, 'dns', 'not a domain'], { command: [node, installed] })
      expect(dns.stderr).toBe('nettoolbox dns: Invalid domain format\n')
    }
  })
})
