// The OpenAPI document, generated from the same zod schemas the routes validate with.
import swagger from '@fastify/swagger'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'NetToolbox API', version: '1.34.0', description: 'Real network diagnostics.' },
    },
    transform: jsonSchemaTransform,
  })
}

export function openApiRoute(app: FastifyInstance) {
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger())
}
