// IPv6 spellings that carry an IPv4 address are judged as that address by every lookup tool:
// `::127.0.0.1` is loopback for the blacklist, abuse, geolocation and ASN checks, never a public
// address found "clean". A custom resolver on port 0 is bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkTool } from '../support/app/check-tool.ts'

describe('odd address forms', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ DNS_SERVERS: '127.0.0.1:9' })
  })
  afterAll(async () => t?.close())

  const run = (tool: string, input: string, options?: object) => checkTool(t, tool, input, { options })

  it.each(['::127.0.0.1', '::7f00:1', '::ffff:127.0.0.1'])(
    'the blacklist check calls %s loopback and asks no list',
    async (input) => {
      const body = (await run('blacklist', input)).json()
      expect(body).toMatchObject({ status: 'failed', failureSource: 'target', result: null })
      expect(body.error).toBe(
        'Blacklist check failed: 127.0.0.1 is a loopback address: public block lists cannot list it, so none was asked',
      )
    },
  )

  it('the abuse check calls ::10.0.0.1 a private address, not a clean one', async () => {
    const body = (await run('abuse', '::10.0.0.1')).json()
    expect(body.status).toBe('failed')
    expect(body.error).toContain('10.0.0.1 is a private network (RFC 1918) address')
  })

  it('geolocation and ASN refuse ::127.0.0.1 as loopback', async () => {
    const geo = (await run('geolocation', '::127.0.0.1')).json()
    expect(geo).toMatchObject({
      status: 'failed',
      failureSource: 'policy',
      error: '127.0.0.1 has no public location: loopback',
    })
    const asn = (await run('asn', '::127.0.0.1')).json()
    expect(asn).toMatchObject({
      status: 'failed',
      failureSource: 'policy',
      error: '127.0.0.1 is not announced on the internet: loopback',
    })
  })

  it('geolocation locates ::1.1.1.1 as 1.1.1.1', async () => {
    const body = (await run('geolocation', '::1.1.1.1')).json()
    expect(body.status).toBe('ok')
    expect(body.result).toMatchObject({ ip: '1.1.1.1', location: { countryCode: 'AU' } })
  })

  it.each(['127.0.0.1:0', '[::1]:0', '8.8.8.8:65536'])('refuses the DNS resolver %s with a 400', async (server) => {
    const res = await run('dns', 'example.test', { server })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe('The resolver port must be between 1 and 65535')
  })
})
