// Hostile inputs to the tools that run system binaries: refused with 400 before anything runs,
// and the binaries only ever see a checked IP literal after "--".
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Launcher } from '../../src/diagnostics/net/launch-binary.ts'
import { createNet } from '../../src/diagnostics/net/net.ts'
import { createPingDiagnostic } from '../../src/diagnostics/ping/run.ts'
import { createTracerouteDiagnostic } from '../../src/diagnostics/traceroute/run.ts'
import type { RunContext } from '../../src/diagnostics/types.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkTool } from '../support/app/check-tool.ts'

const HOSTILE = [
  '-f',
  ';id',
  '$(id)',
  '`id`',
  'a b',
  '--help',
  `${'a'.repeat(300)}.com`,
  '203.0.113.10;id',
  '::1 -c 1000',
  '-6',
]

function recordingLauncher() {
  const calls: Array<readonly string[]> = []
  const launch: Launcher = async (_file, args) => {
    calls.push(args)
    return { exitCode: 1, stdout: '', stderr: '', killed: false }
  }
  return { launch, calls }
}

// No resolver and nothing allowed but the lab ranges: nothing can leave this process.
const net = createNet({ targetAllow: ['203.0.113.0/24'], dnsServers: [], systemResolvers: [] })
const ctx: RunContext = { signal: new AbortController().signal, net, progress: () => {} }

const tools = [
  [
    'ping',
    (launch: Launcher) =>
      createPingDiagnostic({ launch, connect: async () => Promise.reject(new Error('no connect in this test')) }),
  ],
  ['traceroute', (launch: Launcher) => createTracerouteDiagnostic({ launch, lookUpAsn: async () => undefined })],
] as const

describe.each(tools)('%s with hostile input', (id, create) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ DNS_SERVERS: '127.0.0.1:9' })
  })
  afterAll(async () => t?.close())

  it.each(HOSTILE)('answers 400 "Invalid domain or IP format" for %j', async (input) => {
    const res = await checkTool(t, id, input)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: { type: 'invalid_input', message: 'Invalid domain or IP format' } })
  })

  it.each([{ count: '4; id' }, { count: 1000 }, { port: '80 -x' }, { family: 5 }])(
    'answers 400 for options %j',
    async (options) => {
      const res = await checkTool(t, id, '203.0.113.10', { options })
      expect(res.statusCode).toBe(400)
    },
  )

  it.each(HOSTILE)('never launches a process for %j, even past validation', async (input) => {
    const { launch, calls } = recordingLauncher()
    const diagnostic = create(launch)
    expect(diagnostic.request.safeParse({ input }).success).toBe(false)
    const outcome = await diagnostic.run({ input }, ctx)
    expect(outcome.status).toBe('failed')
    expect(calls).toEqual([])
  })

  it('hands the binary only the checked IP literal, last, after "--"', async () => {
    const { launch, calls } = recordingLauncher()
    await create(launch).run({ input: '203.0.113.010' }, ctx)
    expect(calls).toHaveLength(1)
    const args = calls[0] ?? []
    expect(args.slice(-2)).toEqual(['--', '203.0.113.8'])
    for (const arg of args) expect(arg).toMatch(/^[-\w.:]+$/)
  })
})
