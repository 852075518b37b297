#!/usr/bin/env node
// The probe (`npm run probe`, `nettoolbox-probe`): runs the diagnostics engine where it is and takes
// measurements from a NetToolbox site it connects out to (docs/probes.md).
import pino from 'pino'
import packageJson from '../../package.json' with { type: 'json' }
import { createNet } from '../diagnostics/net/net.ts'
import { createRegistry } from '../diagnostics/registry.ts'
import { createTaskExecutor } from '../diagnostics/run/task-executor.ts'
import { detectTools } from './detect-tools.ts'
import { startProbeAgent } from './probe-agent.ts'
import { loadProbeConfig, ProbeConfigError } from './probe-config.ts'

function main() {
  let config: ReturnType<typeof loadProbeConfig>
  try {
    config = loadProbeConfig()
  } catch (error) {
    if (error instanceof ProbeConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const log = pino({ name: 'probe', level: config.logLevel })
  const registry = createRegistry({
    whoisServer: 'whois.iana.org',
    rdapBootstrapUrl: 'https://data.iana.org/rdap/',
    dnsRootHints: [],
    dnsPublicResolvers: [],
    extraCaFile: config.extraCaFile,
    publicUrl: config.siteUrls[0] ?? 'http://localhost',
    mailTestPort: config.mailTestPort,
  })
  // The probe's own target policy: its interface addresses and every non-public range are refused
  // unless PROBE_TARGET_ALLOW lists them.
  const net = createNet({ targetAllow: config.targetAllow, dnsServers: config.dnsServers })
  const { tools, missing } = detectTools(registry, config.binPath)
  for (const [tool, why] of Object.entries(missing)) log.warn({ tool, why }, 'tool not offered')
  const executor = createTaskExecutor({
    registry,
    net,
    tools,
    missing,
    maxConcurrent: config.maxConcurrent,
    maxPerTool: config.maxPerTool,
    selfName: 'this probe',
  })
  const agent = startProbeAgent({
    siteUrls: config.siteUrls,
    token: config.token,
    name: config.name,
    publicAddress: config.publicAddress,
    overrides: config.overrides,
    tools,
    executor,
    version: packageJson.version,
    log,
  })
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    log.info({ signal }, 'stopping: finishing running tasks')
    void agent.stop().then(() => process.exit(0))
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

main()
