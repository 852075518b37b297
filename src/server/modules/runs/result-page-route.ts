// GET /r/:id: the web app's page for a shared result, served with the result's own head (title,
// summary, Open Graph and Twitter tags) so that a pasted link previews the result; 404 with the
// not-found head when the share does not exist, was unshared or has expired.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { SharedResult } from '../../../shared/results.ts'
import { renderPageHtml } from '../../plugins/page-html.ts'
import { missingResultHead, resultPageHead } from './result-head.ts'

export interface ResultPageOptions {
  webDist: string
  publicUrl: string
  /** The live share with this id, or null. */
  findShare(id: string): Promise<SharedResult | null>
}

export async function resultPageRoute(app: FastifyInstance, options: ResultPageOptions) {
  const indexFile = path.join(path.resolve(options.webDist), 'index.html')
  let template: string | null | undefined
  const templateOf = () => {
    template ??= existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null
    return template
  }
  const origin = new URL(options.publicUrl).origin

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/r/:id',
      { schema: { hide: true, params: z.object({ id: z.string().max(100) }) } },
      async (request, reply) => {
        const html = templateOf()
        if (!html)
          return reply
            .code(503)
            .type('text/plain')
            .send('The web bundle is not built. Run "npm start" to build and serve it.')
        const shared = await options.findShare(request.params.id)
        const head = shared ? resultPageHead(shared) : missingResultHead(request.params.id)
        return reply
          .code(shared ? 200 : 404)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(renderPageHtml(html, head, origin))
      },
    )
}
