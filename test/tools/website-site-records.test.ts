// The website check's records beside the page, against peers the test starts on loopback: a signed
// Knot hierarchy (CAA, DNSSEC secure / unsigned / bogus) and an HTTPS peer serving security.txt
// variants. Each check is read the way a user sees it: verdict and detail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNet, type Net } from '../../src/diagnostics/net/net.ts'
import { createTrustStore } from '../../src/diagnostics/net/trust-anchors.ts'
import { runTool } from '../../src/diagnostics/run/run-tool.ts'
import { createWebsiteCheckDiagnostic } from '../../src/diagnostics/website-check/run.ts'
import type { WebsiteCheckResult, WebsiteStandardId } from '../../src/shared/tools/website-check/schema.ts'
import { knotAvailable } from '../support/dns/knot.ts'
import { type SecurityTxtSite, startSecurityTxtSite } from '../support/lab/security-txt-site.ts'
import { SITE_ADDRESS, type SiteRecordsDns, startSiteRecordsDns } from '../support/lab/site-records-dns.ts'
import { createTestCa, opensslAvailable, type TestCa } from '../support/tls/test-ca.ts'

const ready = knotAvailable && opensslAvailable
if (!ready) console.warn('SKIPPED: website record tests need knotd and keymgr (Debian knot) and openssl')

const NOW = new Date('2026-06-01T12:00:00Z')

describe.skipIf(!ready)('website check: security.txt, CAA and DNSSEC', () => {
  let ca: TestCa
  let dns: SiteRecordsDns
  let site: SecurityTxtSite
  let net: Net
  let check: ReturnType<typeof createWebsiteCheckDiagnostic>

  beforeAll(async () => {
    ca = await createTestCa()
    const cert = await ca.issue({ names: ['*.shop.web', 'www.plain', 'www.bogus'] })
    site = await startSecurityTxtSite({ host: SITE_ADDRESS, key: cert.key, cert: cert.chain, now: NOW })
    dns = await startSiteRecordsDns()
    net = createNet({ targetAllow: ['127.59.0.0/16'], dnsServers: [dns.endpoint], ownAddresses: [] })
    check = createWebsiteCheckDiagnostic({
      trust: createTrustStore(ca.rootFile),
      trustAnchors: dns.trustAnchors,
      probeTimeoutMs: 4000,
      now: () => NOW,
    })
  }, 60_000)
  afterAll(async () => {
    await site?.close()
    await dns?.stop()
    await ca?.remove()
  })

  async function run(host: string) {
    const answer = await runTool(check, check.request.parse({ input: `https://${host}:${site.port}/` }), {
      net,
      signal: new AbortController().signal,
    })
    const result = answer.result as WebsiteCheckResult
    const checks = result.standards.flatMap((c) => c.checks)
    const verdict = (id: WebsiteStandardId) => {
      const found = checks.filter((c) => c.id === id)
      if (found.length !== 1) throw new Error(`${found.length} checks ${id}`)
      return `${found[0]?.verdict}: ${found[0]?.detail}`
    }
    return { answer, result, verdict }
  }

  const fileUrl = (host: string) => `https://${host}:${site.port}/.well-known/security.txt`

  it('reads a valid security.txt, the CAA set of the closest ancestor, and validates the signed host', async () => {
    const { answer, result, verdict } = await run('valid.shop.web')
    expect(answer.status).toBe('ok')
    expect(verdict('security-txt')).toBe(`pass: Found at ${fileUrl('valid.shop.web')}`)
    expect(verdict('security-txt-contact')).toBe(
      'pass: Contact: mailto:security@shop.web, https://valid.shop.web/report',
    )
    expect(verdict('security-txt-expires')).toBe('pass: Expires 2026-08-30T12:00:00.000Z (in 90 days)')
    expect(verdict('security-txt-content-type')).toBe('pass: Content-Type: text/plain; charset=utf-8')
    expect(verdict('security-txt-canonical')).toBe(
      `pass: Canonical names the URL fetched: ${fileUrl('valid.shop.web')}`,
    )
    expect(verdict('security-txt-signature')).toMatch(/^warning: Not signed/)
    expect(result.securityTxt).toMatchObject({
      state: 'present',
      encryption: ['https://valid.shop.web/pgp-key.txt'],
      policy: ['https://valid.shop.web/disclosure'],
      preferredLanguages: 'en, de',
    })
    expect(verdict('caa')).toBe(
      'pass: CAA at shop.web (applies to valid.shop.web, which has none of its own): issue "ca.shop.test"; issuewild ";"; iodef "mailto:security@shop.web"',
    )
    expect(result.caa).toMatchObject({ state: 'found', foundAt: 'shop.web', asked: ['valid.shop.web', 'shop.web'] })
    expect(result.dnssec?.status).toBe('secure')
    expect(verdict('dnssec')).toMatch(/^pass: Signed and validated \(valid\.shop\.web A\): /)
    expect(answer.lines).toContain('  DNS: CAA & DNSSEC: 100/100')
  })

  it('fails an expired file, one without Contact, and one served as text/html', async () => {
    expect((await run('expired.shop.web')).verdict('security-txt-expires')).toBe(
      'fail: Expired 10 days ago (Expires: 2026-05-22T12:00:00.000Z): its contents should no longer be trusted',
    )
    const nocontact = await run('nocontact.shop.web')
    expect(nocontact.verdict('security-txt-contact')).toBe('fail: No Contact field: RFC 9116 requires at least one')
    expect(nocontact.verdict('security-txt-expires')).toMatch(/^pass: /)
    const wrongtype = await run('wrongtype.shop.web')
    expect(wrongtype.verdict('security-txt-content-type')).toBe(
      'fail: Served as text/html: RFC 9116 requires text/plain',
    )
    expect(wrongtype.verdict('security-txt-contact')).toMatch(/^pass: /)
  })

  it('says a cleartext signature is present but not verified, warns on Expires over a year ahead, and reads a CAA set at the host itself', async () => {
    const signed = await run('signed.shop.web')
    expect(signed.verdict('security-txt-signature')).toBe(
      'pass: OpenPGP cleartext signature present, not verified: the site publishes no key this check could trust',
    )
    expect(signed.verdict('security-txt-expires')).toMatch(
      /^warning: Expires 2027-07-06T12:00:00.000Z is 400 days ahead/,
    )
    const own = await run('own.shop.web')
    expect(own.verdict('caa')).toBe('pass: CAA at own.shop.web: issue "own-ca.test; account=42"')
    expect(own.result.caa?.records).toEqual([{ flags: 128, tag: 'issue', value: 'own-ca.test; account=42' }])
  })

  it('reports an absent file and follows a redirect to the valid one', async () => {
    const absent = await run('absent.shop.web')
    expect(absent.verdict('security-txt')).toBe(
      `warning: No security.txt at ${fileUrl('absent.shop.web')}: answered HTTP 404`,
    )
    expect(absent.verdict('security-txt-contact')).toBe('not-tested: No security.txt to read')
    expect(absent.result.securityTxt?.state).toBe('absent')
    const moved = await run('moved.shop.web')
    expect(moved.verdict('security-txt')).toBe(
      `pass: Found at ${fileUrl('valid.shop.web')} (redirected from ${fileUrl('moved.shop.web')})`,
    )
    expect(moved.verdict('security-txt-canonical')).toMatch(/^pass: /)
  })

  it('says an unsigned zone has no CAA (any CA may issue), and fails a zone whose DS does not match', async () => {
    const plain = await run('www.plain')
    expect(plain.verdict('caa')).toBe(
      'warning: No CAA records on www.plain, plain: any CA may issue certificates for www.plain',
    )
    expect(plain.result.dnssec?.status).toBe('insecure')
    expect(plain.verdict('dnssec')).toMatch(/^warning: Unsigned \(www\.plain A\): /)
    const bogus = await run('www.bogus')
    expect(bogus.result.dnssec?.status).toBe('bogus')
    expect(bogus.verdict('dnssec')).toMatch(/^fail: Signed but bogus \(www\.bogus A\): /)
  })

  it('says what could not be determined, and whose failure it is, when the resolver does not answer in time', async () => {
    const silent = createNet({
      targetAllow: ['127.59.0.0/16'],
      dnsServers: [dns.endpoint],
      ownAddresses: [],
    })
    // The walk resolves the host through the lab server; the records are then asked of a closed port.
    const deaf = { ...silent, resolver: { address: '127.59.0.1', port: 9 } }
    const askDns: Net['askDns'] = (question) =>
      silent.askDns(question.server ? question : { ...question, server: deaf.resolver })
    const answer = await runTool(check, check.request.parse({ input: `https://valid.shop.web:${site.port}/` }), {
      net: { ...deaf, askDns },
      signal: new AbortController().signal,
    })
    const result = answer.result as WebsiteCheckResult
    const dnsChecks = result.standards.find((c) => c.id === 'dns')?.checks ?? []
    expect(dnsChecks.map((c) => [c.id, c.verdict, c.failureSource])).toEqual([
      ['caa', 'not-tested', 'server'],
      ['dnssec', 'not-tested', 'server'],
    ])
    expect(dnsChecks[0]?.detail).toMatch(/^The resolver 127\.59\.0\.1:9 (did not answer in time|could not be asked)/)
    expect(dnsChecks[1]?.detail).toMatch(/^Could not be determined \(valid\.shop\.web A\): /)
    expect(result.standards.find((c) => c.id === 'dns')?.score).toBeNull()

    // With a probe deadline shorter than the resolver's wait, both say the deadline stopped them.
    const hurried = createWebsiteCheckDiagnostic({
      trust: createTrustStore(ca.rootFile),
      trustAnchors: dns.trustAnchors,
      probeTimeoutMs: 1000,
      now: () => NOW,
    })
    const late = await runTool(hurried, hurried.request.parse({ input: `https://valid.shop.web:${site.port}/` }), {
      net: { ...deaf, askDns },
      signal: new AbortController().signal,
    })
    const lateChecks = (late.result as WebsiteCheckResult).standards.find((c) => c.id === 'dns')?.checks ?? []
    expect(lateChecks[0]?.detail).toBe(
      'The resolver 127.59.0.1:9 did not answer before the check’s deadline for valid.shop.web CAA',
    )
    expect(lateChecks[1]?.detail).toMatch(
      /^Could not be determined \(valid\.shop\.web A\): Not finished before the check’s deadline: /,
    )
  })
})
