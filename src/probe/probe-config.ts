// The probe's one validated configuration: environment variables, and PROBE_CONFIG, a JSON file of the
// same settings (environment variables win). Nothing else in the probe reads process.env.
import { readFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { z } from 'zod'
import { cidr, list } from '../diagnostics/net/config-fields.ts'

const siteUrl = z.url('must be http(s)://host[:port] of the site').refine((v) => /^https?:\/\//.test(v), {
  message: 'must start with http:// or https://',
})

const optionalText = (max: number) => z.string().trim().max(max).optional()

const envSchema = z.object({
  PROBE_SITE_URL: list.pipe(
    z.array(siteUrl).min(1, 'is required: the address of the site, e.g. https://tools.example'),
  ),
  PROBE_TOKEN: z.string({ error: 'is required: the token the site issued for this probe' }).trim().min(1),
  PROBE_TARGET_ALLOW: list.pipe(z.array(cidr)),
  PROBE_DNS_SERVERS: list,
  PROBE_PUBLIC_ADDRESS: z
    .string()
    .trim()
    .refine((v) => isIP(v) !== 0, 'must be an IP address')
    .optional(),
  PROBE_NAME: optionalText(64),
  PROBE_COUNTRY: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
    .transform((v) => v.toUpperCase())
    .optional(),
  PROBE_CITY: optionalText(100),
  PROBE_CONTINENT: z
    .enum(['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA'], { error: 'must be AF, AN, AS, EU, NA, OC or SA' })
    .optional(),
  PROBE_REGION: optionalText(64),
  PROBE_ASN: z
    .string()
    .trim()
    .regex(/^(AS)?\d{1,10}$/i, 'must be an AS number such as AS64500')
    .transform((v) => Number(v.replace(/^AS/i, '')))
    .optional(),
  PROBE_NETWORK: optionalText(100),
  PROBE_LATITUDE: z.coerce.number().min(-90).max(90).optional(),
  PROBE_LONGITUDE: z.coerce.number().min(-180).max(180).optional(),
  PROBE_MAX_CONCURRENT: z.coerce.number().int().min(1).max(256).default(8),
  PROBE_MAX_PER_TOOL: z.coerce.number().int().min(1).max(256).default(4),
  PROBE_EXTRA_CA_FILE: z.string().optional(),
  PROBE_MAIL_TEST_PORT: z.coerce.number().int().min(1).max(65535).default(25),
  PROBE_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PATH: z.string().default('/usr/sbin:/usr/bin:/sbin:/bin'),
})

/** PROBE_CONFIG's keys: the environment names without the PROBE_ prefix, in camelCase. */
const FILE_KEYS: Record<string, keyof z.input<typeof envSchema>> = {
  siteUrl: 'PROBE_SITE_URL',
  token: 'PROBE_TOKEN',
  targetAllow: 'PROBE_TARGET_ALLOW',
  dnsServers: 'PROBE_DNS_SERVERS',
  publicAddress: 'PROBE_PUBLIC_ADDRESS',
  name: 'PROBE_NAME',
  country: 'PROBE_COUNTRY',
  city: 'PROBE_CITY',
  continent: 'PROBE_CONTINENT',
  region: 'PROBE_REGION',
  asn: 'PROBE_ASN',
  network: 'PROBE_NETWORK',
  latitude: 'PROBE_LATITUDE',
  longitude: 'PROBE_LONGITUDE',
  maxConcurrent: 'PROBE_MAX_CONCURRENT',
  maxPerTool: 'PROBE_MAX_PER_TOOL',
  extraCaFile: 'PROBE_EXTRA_CA_FILE',
  mailTestPort: 'PROBE_MAIL_TEST_PORT',
  logLevel: 'PROBE_LOG_LEVEL',
}

/** What the probe says about where it is, over what its public address tells. */
export interface LocationOverrides {
  country?: string
  city?: string
  continent?: string
  region?: string
  asn?: number
  network?: string
  latitude?: number
  longitude?: number
}

export interface ProbeConfig {
  /** The site's addresses, tried in turn when a connection fails. */
  siteUrls: string[]
  token: string
  name?: string
  targetAllow: string[]
  dnsServers: string[]
  /** The address the location is derived from; the one the site sees when absent. */
  publicAddress?: string
  overrides: LocationOverrides
  maxConcurrent: number
  maxPerTool: number
  extraCaFile?: string
  mailTestPort: number
  logLevel: z.infer<typeof envSchema>['PROBE_LOG_LEVEL']
  /** Where the probe looks for ping and mtr. */
  binPath: string[]
}

export class ProbeConfigError extends Error {}

/** PROBE_CONFIG's settings as environment strings (a list may be written as a JSON array). */
function readConfigFile(file: string): Record<string, string> {
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new ProbeConfigError(`PROBE_CONFIG: cannot read ${file} as JSON: ${(error as Error).message}`)
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ProbeConfigError(`PROBE_CONFIG: ${file} must hold a JSON object`)
  }
  const settings: Record<string, string> = {}
  for (const [key, value] of Object.entries(parsed)) {
    const name = FILE_KEYS[key]
    if (!name) throw new ProbeConfigError(`PROBE_CONFIG: unknown setting "${key}" in ${file}`)
    settings[name] = Array.isArray(value) ? value.join(',') : String(value)
  }
  return settings
}

/** Reads the environment (and PROBE_CONFIG) once; throws a ProbeConfigError listing every bad setting. */
export function loadProbeConfig(env: Record<string, string | undefined> = process.env): ProbeConfig {
  const fromFile = env.PROBE_CONFIG ? readConfigFile(env.PROBE_CONFIG) : {}
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = envSchema.safeParse({ ...fromFile, ...given })
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ProbeConfigError(`Invalid probe configuration:\n${problems.join('\n')}`)
  }
  const e = parsed.data
  return {
    siteUrls: e.PROBE_SITE_URL,
    token: e.PROBE_TOKEN,
    name: e.PROBE_NAME || undefined,
    targetAllow: e.PROBE_TARGET_ALLOW,
    dnsServers: e.PROBE_DNS_SERVERS,
    publicAddress: e.PROBE_PUBLIC_ADDRESS,
    overrides: {
      country: e.PROBE_COUNTRY,
      city: e.PROBE_CITY,
      continent: e.PROBE_CONTINENT,
      region: e.PROBE_REGION,
      asn: e.PROBE_ASN,
      network: e.PROBE_NETWORK,
      latitude: e.PROBE_LATITUDE,
      longitude: e.PROBE_LONGITUDE,
    },
    maxConcurrent: e.PROBE_MAX_CONCURRENT,
    maxPerTool: e.PROBE_MAX_PER_TOOL,
    extraCaFile: e.PROBE_EXTRA_CA_FILE,
    mailTestPort: e.PROBE_MAIL_TEST_PORT,
    logLevel: e.PROBE_LOG_LEVEL,
    binPath: e.PATH.split(':').filter(Boolean),
  }
}
