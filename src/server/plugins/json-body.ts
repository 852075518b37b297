// JSON request bodies, parsed by Fastify's own safe parser (prototype poisoning refused) after a
// cheap scan that refuses nesting deeper than MAX_JSON_DEPTH: a body of thousands of nested
// arrays is answered 400 before anything recurses over it.
import type { FastifyInstance } from 'fastify'

export const MAX_JSON_DEPTH = 32

/** The deepest nesting of arrays and objects in a JSON text, ignoring brackets inside strings. */
export function jsonDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // backslash: skip the escaped character
      else if (c === 0x22) inString = false
      continue
    }
    if (c === 0x22) inString = true
    else if (c === 0x5b || c === 0x7b) {
      depth++
      if (depth > deepest) deepest = depth
      if (deepest > stopAbove) return deepest
    } else if (c === 0x5d || c === 0x7d) depth--
  }
  return deepest
}

class JsonTooDeepError extends Error {
  statusCode = 400
  code = 'NTB_JSON_TOO_DEEP'
}

export function registerJsonBodyParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(new JsonTooDeepError(`The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`))
      return
    }
    parse(request, text, done)
  })
}
