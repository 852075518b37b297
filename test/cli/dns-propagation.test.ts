// `nettoolbox dns --propagation` against the app on loopback: a zone whose authoritative servers
// disagree (Knot), and resolver stand-ins named by DNS_PUBLIC_RESOLVERS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../support/app/app.ts'
import { knotAvailable } from '../support/dns/knot.ts'
import { NEW_ADDRESS, OLD_ADDRESS, type PropagationLab, startPropagationLab } from '../support/dns/propagation-lab.ts'
import { listen } from './cli-world.ts'
import { cliAt } from './run-cli.ts'

if (!knotAvailable) console.warn('SKIPPED: the CLI propagation test needs knotd (Debian knot)')

describe.skipIf(!knotAvailable)('nettoolbox dns --propagation', { timeout: 60_000 }, () => {
  let lab: PropagationLab
  let app: TestApp
  let cli: ReturnType<typeof cliAt>

  beforeAll(async () => {
    lab = await startPropagationLab()
    const started = await listen({
      DNS_ROOT_HINTS: lab.rootHint,
      DNS_PUBLIC_RESOLVERS: lab.publicResolvers,
      TARGET_ALLOW: '127.0.0.0/8',
    })
    app = started.app
    cli = cliAt(started.url)
  }, 60_000)
  afterAll(async () => {
    await app?.close()
    await lab?.stop()
  })

  it('prints the verdict and one line per server, the differing ones marked', async () => {
    const run = await cli(['dns', 'www.moved', '--type', 'A', '--propagation'])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const lines = run.stdout.split('\n')
    expect(lines).toContain(
      `;; 2 of 6 servers disagree with the majority (${NEW_ADDRESS}, 4 servers): ${OLD_ADDRESS} from ns2.moved, ` +
        `Resolver ${lab.resolvers[1]?.endpoint}; 2 of 8 servers could not be asked or did not answer`,
    )
    expect(lines.filter((l) => l.endsWith('[differs]'))).toHaveLength(2)
    expect(lines.filter((l) => l.includes('\tno answer: '))).toHaveLength(2)
  })
})
