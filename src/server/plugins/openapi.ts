// The OpenAPI document, generated from the same zod schemas the routes validate with, plus the
// bearer security scheme of personal API tokens and a curl example (x-codeSamples) per operation.
import swagger from '@fastify/swagger'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { APP_VERSION } from '../../shared/app-version.ts'
import { apiReferenceRoutes } from './api-reference.ts'
import { codeSampleFor } from './openapi-samples.ts'

const DESCRIPTION = [
  'Real network diagnostics, run from this server.',
  '',
  'Every tool answer carries a `runId`; `POST /api/results` turns it into a permalink.',
  'Scripts authenticate with a personal API token (create one on your dashboard):',
  '`Authorization: Bearer ntb_…`. Without a token, requests are anonymous and limited per address.',
].join('\n')

export async function registerOpenApi(app: FastifyInstance, { publicUrl = '' }: { publicUrl?: string } = {}) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'NetToolbox API', version: APP_VERSION, description: DESCRIPTION },
      servers: publicUrl ? [{ url: new URL(publicUrl).origin }] : [],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'A personal API token ("ntb_…"); an unknown or revoked token is answered with 401.',
          },
        },
      },
      // Every operation takes an API token, or none (anonymous); the account routes take the session cookie.
      security: [{ bearerAuth: [] }, {}],
      tags: [
        { name: 'tools', description: 'Run a diagnostic. JSON, or Server-Sent Events with Accept: text/event-stream.' },
        {
          name: 'bulk',
          description: 'Many inputs of one lookup tool at once, streamed as NDJSON rows; each input counts as one run.',
        },
        { name: 'results', description: 'Permalinks of tool runs' },
        {
          name: 'measurements',
          description: 'A tool run from several probes at once, each answering side by side (docs/probes.md).',
        },
        { name: 'tokens', description: 'Personal API tokens (signed-in browser session only)' },
      ],
    },
    transform: jsonSchemaTransform,
  })
}

type Operation = Record<string, unknown>

export function openApiRoute(app: FastifyInstance, { publicUrl = '' }: { publicUrl?: string } = {}) {
  const origin = publicUrl ? new URL(publicUrl).origin : ''
  let document: unknown
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => {
    document ??= withCodeSamples(app.swagger() as { paths?: Record<string, Record<string, Operation>> }, origin)
    return document
  })
  // The page that renders this document (loaded with the app, like every registered plugin).
  app.register(apiReferenceRoutes)
}

function withCodeSamples<D extends { paths?: Record<string, Record<string, Operation>> }>(doc: D, origin: string): D {
  const paths: Record<string, Record<string, Operation>> = {}
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    paths[path] = {}
    for (const [method, operation] of Object.entries(operations)) {
      const sample = codeSampleFor(method, path, origin)
      paths[path][method] = sample ? { ...operation, 'x-codeSamples': [sample] } : operation
    }
  }
  return { ...doc, paths }
}
