import { describe, expect, it } from 'vitest'
import { INLINE_SCRIPT_SOURCES } from './boot-script.ts'
import { contentSecurityPolicy, embeddedOrigins } from './security-headers.ts'

describe('contentSecurityPolicy()', () => {
  it('allows frames only from the exact origins of the embedded tools', () => {
    expect(embeddedOrigins()).toEqual(['https://ifconfig.co', 'https://speed.cloudflare.com', 'https://www.diggui.com'])
    expect(contentSecurityPolicy().frameSrc).toEqual(embeddedOrigins())
  })

  it("lets the browser connect only to our own origin, the speed test's external server and the embedded tools", () => {
    expect(contentSecurityPolicy().connectSrc).toEqual(["'self'", ...embeddedOrigins()])
    expect(embeddedOrigins()).toContain('https://speed.cloudflare.com')
  })

  it('allows no inline or foreign script', () => {
    expect(contentSecurityPolicy().scriptSrc).toEqual(["'self'", ...INLINE_SCRIPT_SOURCES])
  })
})
