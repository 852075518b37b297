import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { normalisedPath, originFormOf, routeScopeOf, scopeOfPath } from './route-scope.ts'

describe('routeScopeOf()', () => {
  const app = Fastify()
  beforeAll(async () => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-scope', routeScopeOf(request))
    })
    app.post('/api/thing', async () => ({ ok: true }))
    app.post('/api/auth/*', async () => ({ ok: true }))
    app.get('/page', async () => ({ ok: true }))
    await app.ready()
  })
  afterAll(() => app.close())

  const scopeOf = async (method: 'GET' | 'POST', url: string) => (await app.inject({ method, url })).headers['x-scope']

  it('takes the scope of the route that answers, however its path is spelled', async () => {
    expect(await scopeOf('POST', '/api/thing')).toBe('api')
    expect(await scopeOf('POST', '/%61pi/thing')).toBe('api')
    expect(await scopeOf('POST', '/api/%74hing?x=1')).toBe('api')
    expect(await scopeOf('POST', '/%61pi/auth/sign-in')).toBe('auth')
    expect(await scopeOf('GET', '/p%61ge')).toBe('pages')
  })

  it('judges a request no route answers by its normalised path', async () => {
    expect(await scopeOf('POST', '/API/nothing')).toBe('api')
    expect(await scopeOf('POST', '/%2561pi/thing')).toBe('api')
    expect(await scopeOf('POST', '/api;x/auth/sign-in')).toBe('auth')
    expect(await scopeOf('GET', '/nothing')).toBe('pages')
    expect(await scopeOf('GET', '/apiary')).toBe('pages')
  })
})

describe('normalisedPath()', () => {
  it('decodes repeatedly, resolves dot segments, drops ;parameters and empty segments, lower-cases', () => {
    expect(normalisedPath('/%252561pi/Tokens?x=/api')).toBe('/api/tokens')
    expect(normalisedPath('//api/./x/../tokens/')).toBe('/api/tokens')
    expect(normalisedPath('/x/%2e%2e/api%2ftokens')).toBe('/api/tokens')
    expect(normalisedPath('/api;x\\tokens;y#z')).toBe('/api/tokens')
    expect(normalisedPath('/../../api')).toBe('/api')
    expect(normalisedPath('http://attacker.test/%41PI/tokens')).toBe('/api/tokens')
  })

  it('leaves escapes it cannot decode as they are', () => {
    expect(normalisedPath('/caf%C3%A9/%zz')).toBe('/caf%c3%a9/%zz')
  })
})

describe('originFormOf()', () => {
  it('drops the scheme and host of an absolute-form target', () => {
    expect(originFormOf('http://attacker.test/api/tokens?x=1')).toBe('/api/tokens?x=1')
    expect(originFormOf('https://host:8080?x')).toBe('/?x')
    expect(originFormOf('/api/tokens')).toBe('/api/tokens')
  })
})

describe('scopeOfPath()', () => {
  it('puts better-auth apart from the rest of the API', () => {
    expect(scopeOfPath('/api/auth/*')).toBe('auth')
    expect(scopeOfPath('/api/authority')).toBe('api')
    expect(scopeOfPath('/api')).toBe('api')
    expect(scopeOfPath('/healthz')).toBe('pages')
  })
})
