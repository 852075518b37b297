// Every route of a built app, read from Fastify's own route tree (app.printRoutes()), so that a test
// looping over the routes covers a route added tomorrow without being told about it.
import type { FastifyInstance } from 'fastify'

export interface AppRoute {
  method: string
  /** The route's pattern, e.g. "/api/monitors/:id" or "/api/auth/*". */
  url: string
}

/**
 * printRoutes() draws the radix tree: each line is a node whose text continues its parent's path,
 * indented four columns per level, with the methods of a route in parentheses.
 */
export function routesOf(app: FastifyInstance): AppRoute[] {
  const parents: string[] = []
  const routes: AppRoute[] = []
  for (const line of app.printRoutes().split('\n')) {
    const node = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line)
    if (!node) continue
    const depth = (node[1] ?? '').length / 4
    const path = (parents[depth - 1] ?? '') + (node[2] ?? '')
    parents[depth] = path
    parents.length = depth + 1
    for (const method of node[3]?.split(', ') ?? []) routes.push({ method, url: path })
  }
  return routes
}
