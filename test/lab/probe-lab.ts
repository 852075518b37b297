// The probe lab (region-plan.ts): the three probe regions, Knot DNS in srv, Redis and PostgreSQL in
// data, and two site processes in site sharing them behind one balancer address. Probes start on
// demand, each in its region's namespace, and connect out to that address like real ones.
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { postgresUnavailableReason, startPostgres } from '../support/db/postgres.ts'
import { type RedisServer, redisAvailable, startRedis } from '../support/db/redis.ts'
import { type Lab, type LabProcess, labCanRun, REPO_ROOT, type StartLabOptions, startLab } from './lab.ts'
import { IP_BINARY } from './namespaces.ts'
import { knotAvailable, type LabKnot, startLabKnot } from './peers.ts'
import {
  DATA_ADDRESS,
  REGION_NAMES,
  REGION_PLAN,
  REGIONS,
  type RegionLink,
  type RegionName,
  type RegionNamespace,
  SITE_ADDRESS,
} from './region-plan.ts'
import { type SiteProcess, startSite } from './site-in-lab.ts'

export type ProbeLabNetwork = Lab<RegionNamespace, RegionLink>
export type SiteName = 'a' | 'b'

const PROBE_MAIN = path.join(REPO_ROOT, 'src/probe/main.ts')
const PROBE_TOKEN_CLI = path.join(REPO_ROOT, 'src/server/modules/measurements/probe-token-cli.ts')
const REDIS_PORT = 6379
const POSTGRES_PORT = 5432

/** Redis in data; stop() and start() keep its address, so the sites see a restart. */
export interface LabRedis {
  url: string
  start(): Promise<void>
  stop(): Promise<void>
}

export interface ProbeOptions {
  /** Another token than the region's own (e.g. one issued by the probe-token command). */
  token?: string
  env?: Record<string, string>
}

export interface ProbeLab {
  lab: ProbeLabNetwork
  knot: LabKnot
  redis: LabRedis
  databaseUrl: string
  /** The two site processes; the test reaches each through its own door (a Unix socket). */
  sites: Record<SiteName, SiteProcess>
  /** What probes and visitors connect to: the proxy in front of both site processes. */
  siteUrl: string
  proxy: LabProcess
  /** The PROBE_TOKENS entry of each region's probe. */
  tokens: Record<RegionName, string>
  /** Starts the region's probe (src/probe/main.ts) in its namespace, with its location and token. */
  startProbe(region: RegionName, options?: ProbeOptions): LabProcess
  /** Runs the site's probe-token command inside site against the lab's PostgreSQL; its output. */
  probeTokenCommand(args: string[]): Promise<string>
  stop(): Promise<void>
}

export interface ProbeLabOptions {
  suite: string
  /** What the suite needs beyond the probe lab (see labCanRun). */
  needs?: Record<string, boolean>
  /** Settings both site processes get, over the lab's own. */
  siteEnv?: Record<string, string>
  /** How the namespaces are named and kept (a hand-run lab: test/lab/up.ts --probes). */
  lab?: StartLabOptions
}

/** Null (after labCanRun()'s notice) when the probe lab cannot be built here. */
export async function startProbeLab(options: ProbeLabOptions): Promise<ProbeLab | null> {
  const postgresMissing = postgresUnavailableReason()
  const needs = { knot: knotAvailable, redis: redisAvailable, postgresql: !postgresMissing, ...options.needs }
  if (!labCanRun(options.suite, needs) || !IP_BINARY) return null
  const lab = await startLab({ ...options.lab, plan: REGION_PLAN })
  if (!lab) return null
  const cleanups: Array<() => Promise<void>> = [() => lab.stop()]
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined)
  }
  try {
    const [knot, redis, databaseUrl] = await Promise.all([
      startLabKnot(lab),
      startLabRedis(lab),
      startLabPostgres(lab, IP_BINARY, cleanups),
    ])
    cleanups.push(
      () => knot.stop(),
      () => redis.stop(),
    )
    const tokens = Object.fromEntries(REGION_NAMES.map((r) => [r, randomBytes(16).toString('hex')])) as Record<
      RegionName,
      string
    >
    const siteUrl = `http://${SITE_ADDRESS.v4}`
    const names = (name: SiteName) => ({ SERVER_NAME: `site-${name}`, SPEED_SERVER_NAME: `site-${name}` })
    const site = await startSite(lab, {
      namespace: 'site',
      port: 80,
      processes: [
        { name: 'a', env: names('a') },
        { name: 'b', env: names('b') },
      ],
      env: {
        REDIS_URL: redis.url,
        DATABASE_URL: databaseUrl,
        PUBLIC_URL: siteUrl,
        DNS_SERVERS: knot.address,
        TARGET_ALLOW: lab.ranges.join(','),
        PROBE_TOKENS: REGION_NAMES.map((r) => `${REGIONS[r].location.name}:${tokens[r]}`).join(','),
        LOCAL_PROBE: 'false',
        LOG_LEVEL: 'warn',
        ...options.siteEnv,
      },
    })
    cleanups.push(() => site.stop())
    const [a, b] = site.processes
    if (!a || !b) throw new Error('the site did not start two processes')

    return {
      lab,
      knot,
      redis,
      databaseUrl,
      sites: { a, b },
      siteUrl,
      proxy: site.proxy,
      tokens,
      startProbe(region, probeOptions = {}) {
        const { location } = REGIONS[region]
        const probe = lab.spawnNode(region, PROBE_MAIN, [], {
          env: {
            PROBE_SITE_URL: siteUrl,
            PROBE_TOKEN: probeOptions.token ?? tokens[region],
            // The lab's public-looking ranges; the probe's own private network stays refused.
            PROBE_TARGET_ALLOW: lab.ranges.join(','),
            PROBE_DNS_SERVERS: knot.address,
            PROBE_NAME: location.name,
            PROBE_COUNTRY: location.country,
            PROBE_CITY: location.city,
            PROBE_CONTINENT: location.continent,
            PROBE_REGION: location.region,
            PROBE_ASN: `AS${location.asn}`,
            PROBE_NETWORK: location.network,
            PROBE_LOG_LEVEL: 'info',
            ...probeOptions.env,
          },
        })
        cleanups.push(() => probe.stop())
        return probe
      },
      async probeTokenCommand(args) {
        const command = lab.spawnNode('site', PROBE_TOKEN_CLI, args, { env: { DATABASE_URL: databaseUrl } })
        const code = await new Promise<number | null>((resolve) => {
          if (command.child.exitCode !== null) resolve(command.child.exitCode)
          else command.child.once('exit', (exitCode) => resolve(exitCode))
        })
        if (code !== 0) throw new Error(`probe-token ${args.join(' ')} exited ${code}: ${command.output()}`)
        return command.output()
      },
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

async function startLabRedis(lab: ProbeLabNetwork): Promise<LabRedis> {
  let server: RedisServer | undefined
  const password = randomBytes(12).toString('hex')
  const redis: LabRedis = {
    url: `redis://:${password}@${DATA_ADDRESS.v4}:${REDIS_PORT}`,
    async start() {
      server = await startRedis({
        host: DATA_ADDRESS.v4,
        port: REDIS_PORT,
        password,
        spawn: (file, args) => lab.spawn('data', file, args).child,
      })
    },
    async stop() {
      await server?.stop()
      server = undefined
    },
  }
  await redis.start()
  return redis
}

/** PostgreSQL in data, open to site's link only; returns the URL of a fresh database. */
async function startLabPostgres(
  lab: ProbeLabNetwork,
  ipBinary: string,
  cleanups: Array<() => Promise<void>>,
): Promise<string> {
  const server = await startPostgres({
    host: DATA_ADDRESS.v4,
    port: POSTGRES_PORT,
    commandPrefix: [ipBinary, 'netns', 'exec', lab.names.data],
    clients: ['198.51.100.176/28'],
  })
  if (!server) throw new Error(`PostgreSQL cannot start here: ${postgresUnavailableReason()}`)
  cleanups.push(() => server.stop())
  return server.createDatabase()
}
