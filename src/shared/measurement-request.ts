// POST /api/measurements: the body, each tool's own request ({ input, options } as POST /api/tools/:id
// takes it) with the places to measure from. Apart from the rest of the contract, because it holds
// every probe tool's schemas: the web app needs only its type.
import { z } from 'zod'
import {
  MEASUREMENT_MAX_LIMIT,
  MEASUREMENT_MAX_LOCATIONS,
  MEASUREMENT_TOOL_IDS,
  type MeasurementToolId,
  measurementLocation,
} from './measurements.ts'
import { dnsRequest } from './tools/dns/schema.ts'
import { mailRequest } from './tools/mail/schema.ts'
import { pingRequest } from './tools/ping/schema.ts'
import { rdnsRequest } from './tools/rdns/schema.ts'
import { sslRequest } from './tools/ssl/schema.ts'
import { tracerouteRequest } from './tools/traceroute/schema.ts'
import { websiteCheckRequest } from './tools/website-check/schema.ts'

/** Each tool's own request body ({ input, options }), exactly as POST /api/tools/:id takes it. */
export const measurementToolRequests = {
  ping: pingRequest,
  traceroute: tracerouteRequest,
  dns: dnsRequest,
  rdns: rdnsRequest,
  ssl: sslRequest,
  'website-check': websiteCheckRequest,
  mail: mailRequest,
} as const satisfies Record<MeasurementToolId, z.ZodType>

const measurementTargeting = {
  locations: z
    .array(measurementLocation, { error: 'locations must be a list of places, e.g. ["DE", "AS13335", "any"]' })
    .min(1, 'Choose at least one location')
    .max(MEASUREMENT_MAX_LOCATIONS, `At most ${MEASUREMENT_MAX_LOCATIONS} locations per measurement`),
  /** Probes per location entry (default 1); the site also caps the total (MEASUREMENT_MAX_PROBES). */
  limit: z
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, `limit must be 1 to ${MEASUREMENT_MAX_LIMIT}`)
    .max(MEASUREMENT_MAX_LIMIT, `limit must be 1 to ${MEASUREMENT_MAX_LIMIT}`)
    .optional(),
}

function measurementRequestOf<T extends MeasurementToolId>(tool: T) {
  return measurementToolRequests[tool].extend({ tool: z.literal(tool), ...measurementTargeting })
}

/** POST /api/measurements: the tool, its input and options (validated as the tool's own route does), and where. */
export const measurementRequest = z.discriminatedUnion(
  'tool',
  [
    measurementRequestOf('ping'),
    measurementRequestOf('traceroute'),
    measurementRequestOf('dns'),
    measurementRequestOf('rdns'),
    measurementRequestOf('ssl'),
    measurementRequestOf('website-check'),
    measurementRequestOf('mail'),
  ],
  { error: `tool must be one of ${MEASUREMENT_TOOL_IDS.join(', ')}` },
)
export type MeasurementRequest = z.infer<typeof measurementRequest>
/** The body as a client writes it (before trimming and defaults). */
export type MeasurementRequestInput = z.input<typeof measurementRequest>
