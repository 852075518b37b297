// The grade of the SSL/TLS check against a matrix of real TLS servers on loopback, each
// configured with one known problem, asserting the exact grade and the reasons in words; and the
// full scan of the good server: suites per version, groups, resumption, ALPN, and its duration. Every
// server's how-to-fix advice is held against the facts of its own result (test/support/tls/ssl-advice.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNet, type Net } from '../../src/diagnostics/net/net.ts'
import { createTrustStore } from '../../src/diagnostics/net/trust-anchors.ts'
import { runTool } from '../../src/diagnostics/run/run-tool.ts'
import { createSslDiagnostic } from '../../src/diagnostics/ssl/run.ts'
import type { SslResult } from '../../src/shared/tools/ssl/schema.ts'

import { UNKNOWN_ISSUER } from '../../src/shared/tools/ssl/trust-words.ts'
import { startTableDns, type TableDns } from '../support/dns/table-dns.ts'
import { adviceAgainstFacts } from '../support/tls/ssl-advice.ts'
import { createTestCa, makeDhParams, opensslAvailable, type TestCa } from '../support/tls/test-ca.ts'
import { type LabServer, startLabServer } from '../support/tls/tls-lab.ts'

if (!opensslAvailable) console.warn('SKIPPED: SSL grade matrix needs openssl')

const DAY = 86_400_000
const YEAR_HSTS = { 'strict-transport-security': 'max-age=31536000' }
const LEGACY = 'DEFAULT:@SECLEVEL=0'

describe.skipIf(!opensslAvailable)('SSL/TLS grade matrix', () => {
  let ca: TestCa
  let dns: TableDns
  let netFacade: Net
  const servers: Record<string, LabServer> = {}
  const ssl = () => createSslDiagnostic({ trust: createTrustStore(ca.rootFile) })

  beforeAll(async () => {
    ca = await createTestCa()
    const name = (n: string) => `${n}.lab.test`
    const issue = (n: string, extra: object = {}) => ca.issue({ names: [name(n)], ...extra })
    // One at a time: openssl ca keeps its serial and index in files.
    const good = await issue('good')
    const nohsts = await issue('nohsts')
    const expired = await issue('expired', {
      notBefore: new Date(Date.now() - 90 * DAY),
      notAfter: new Date(Date.now() - 30 * DAY),
    })
    const other = await ca.issue({ names: ['elsewhere.lab.test'] })
    const legacy = await issue('legacy')
    const leaf = await issue('leafonly')
    const rsa1024 = await issue('rsa1024', { key: 'rsa:1024' })
    const sha1 = await issue('sha1', { digest: 'sha1' })
    const rsakx = await issue('rsakx')
    const cbc = await issue('cbc')
    const dhe = await issue('dhe1024')
    const ecdsa = await issue('ecdsa', { key: 'EC', keyOptions: ['ec_paramgen_curve:P-256'] })
    const self = await ca.selfSigned([name('selfsigned')])
    const [ocsp, dh1024] = await Promise.all([ca.ocspResponse(good), makeDhParams(1024)])
    const configs: [string, { key: string; cert: string }, object][] = [
      ['good', good, { ocsp, headers: YEAR_HSTS }],
      ['nohsts', nohsts, {}],
      ['expired', expired, { headers: YEAR_HSTS }],
      ['selfsigned', self, { headers: YEAR_HSTS }],
      ['wrongname', other, { headers: YEAR_HSTS }],
      ['legacy', legacy, { headers: YEAR_HSTS, tls: { minVersion: 'TLSv1', ciphers: LEGACY } }],
      ['leafonly', { key: leaf.key, cert: leaf.cert }, { headers: YEAR_HSTS }],
      ['rsa1024', rsa1024, { headers: YEAR_HSTS, tls: { ciphers: LEGACY } }],
      ['sha1', sha1, { headers: YEAR_HSTS, tls: { ciphers: LEGACY } }],
      [
        'rsakx',
        rsakx,
        { headers: YEAR_HSTS, tls: { maxVersion: 'TLSv1.2', ciphers: 'AES256-GCM-SHA384:AES128-GCM-SHA256' } },
      ],
      [
        'cbc',
        cbc,
        { headers: YEAR_HSTS, tls: { maxVersion: 'TLSv1.2', ciphers: 'ECDHE-RSA-AES256-SHA384:ECDHE-RSA-AES128-SHA' } },
      ],
      [
        'dhe1024',
        dhe,
        {
          headers: YEAR_HSTS,
          tls: {
            maxVersion: 'TLSv1.2',
            ciphers: `DHE-RSA-AES256-GCM-SHA384:DHE-RSA-AES128-GCM-SHA256:@SECLEVEL=0`,
            dhparam: dh1024,
          },
        },
      ],
      ['ecdsa', ecdsa, { headers: YEAR_HSTS }],
    ]
    const records: { name: string; type: 'A'; data: string }[] = []
    await Promise.all(
      configs.map(async ([id, cert, extra], index) => {
        const host = `127.0.0.${60 + index}`
        records.push({ name: name(id), type: 'A', data: host })
        const certificate = 'chain' in cert ? (cert as { chain: string }).chain : cert.cert
        servers[id] = await startLabServer({ host, key: cert.key, cert: certificate, ...extra })
      }),
    )
    records.push({ name: name('wrongname'), type: 'A', data: servers.wrongname?.host ?? '' })
    dns = await startTableDns({ records })
    netFacade = createNet({ targetAllow: ['127.0.0.0/8'], dnsServers: [dns.endpoint], ownAddresses: [] })
  }, 60_000)

  afterAll(async () => {
    await Promise.all(Object.values(servers).map((s) => s.close()))
    await Promise.all([dns?.stop(), ca?.remove()])
  })

  async function check(id: string) {
    const server = servers[id]
    if (!server) throw new Error(`no server ${id}`)
    const tool = ssl()
    const request = tool.request.parse({ input: `${id}.lab.test:${server.port}` })
    const answer = await runTool(tool, request, { net: netFacade, signal: new AbortController().signal })
    return { ...answer, result: answer.result as SslResult }
  }
  const reasons = (r: SslResult) => r.grade.reasons.map((x) => `${x.cap} ${x.text}`)

  it.each<[string, string, string | null, string[]]>([
    ['good', 'A+', null, []],
    ['nohsts', 'A', null, ['A No HSTS with max-age of at least 180 days (needed for A+)']],
    ['expired', 'T', 'A+', ['T Certificate has expired']],
    ['selfsigned', 'T', 'A+', ['T Certificate is self-signed']],
    ['wrongname', 'M', 'A+', ['M Certificate name does not match the host']],
    ['legacy', 'B', null, ['B Accepts TLS 1.0 (deprecated)', 'B Accepts TLS 1.1 (deprecated)']],
    [
      'leafonly',
      'T',
      'A+',
      [
        `T Certificate is not trusted: ${UNKNOWN_ISSUER}; the server sends no intermediate certificate, only the leaf issued by CN=NetToolbox Test Intermediate CA`,
      ],
    ],
    ['rsa1024', 'B', null, ["B the certificate's RSA key is 1024 bits: too weak"]],
    ['sha1', 'T', 'A+', ['T Certificate is signed with SHA-1 (sha1WithRSAEncryption), which is no longer trusted']],
    ['rsakx', 'B', null, ['B No suite with forward secrecy is accepted (RSA key exchange only)']],
    ['cbc', 'B', null, ['B No AEAD suite is accepted (CBC or stream ciphers only)']],
    ['dhe1024', 'B', null, ["B The server's DH group is 1024 bits: too weak"]],
    ['ecdsa', 'A+', null, []],
  ])('grades the %s server %s', async (id, grade, ifTrusted, expected) => {
    const { result, error, lines } = await check(id)
    expect(error ?? null, 'the check ran').toBe(ifTrusted ? error : null)
    expect(result.grade.grade).toBe(grade)
    expect(result.grade.gradeIfTrusted).toBe(ifTrusted)
    expect(reasons(result)).toEqual(expected)
    for (const reason of result.grade.reasons) expect(reason.rule).toMatch(/^SSL Labs/)
    expect(result.scan?.notRun).toEqual([])
    // Each "how to fix" presumes what this scan found (no "Enable TLS 1.3" beside TLS 1.3 accepted),
    // and the text report carries the same advice as the view.
    expect(adviceAgainstFacts(result)).toEqual([])
    expect(result.grade.reasons.length === 0 || lines.some((line) => line.startsWith('      Fix: '))).toBe(true)
  })

  it('lists the suites of each version, the groups, the DH size and the features of the good server', async () => {
    const started = performance.now()
    const answer = await check('good')
    const seconds = (performance.now() - started) / 1000
    const scan = answer.result.scan
    if (!scan) throw new Error('no scan')
    console.log(
      `full SSL/TLS check of the good lab server: ${seconds.toFixed(2)} s (scan ${scan.elapsedMs} ms, ${scan.connections} connections)`,
    )
    const suites = Object.fromEntries(scan.protocols.map((p) => [p.protocol, p.suites.map((s) => s.name)]))
    expect(suites['TLSv1.3']).toEqual([
      'TLS_AES_256_GCM_SHA384',
      'TLS_CHACHA20_POLY1305_SHA256',
      'TLS_AES_128_GCM_SHA256',
    ])
    // Node's TLS server enforces its default cipher list's order, which starts with these.
    expect(suites['TLSv1.2']?.slice(0, 3)).toEqual([
      'TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256',
      'TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384',
      'TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256',
    ])
    expect(suites['TLSv1.2']).toHaveLength(19)
    expect(suites['TLSv1.2']).toContain('TLS_RSA_WITH_AES_128_CBC_SHA')
    expect(scan.protocols.filter((p) => p.status === 'rejected').map((p) => p.protocol)).toEqual([
      'TLSv1.1',
      'TLSv1',
      'SSLv3',
    ])
    const gcm = scan.protocols[1]?.suites[1]
    expect(gcm).toMatchObject({
      code: '0xC030',
      keyExchange: 'ECDHE',
      authentication: 'RSA',
      encryption: 'AES-256-GCM',
      mac: 'AEAD',
      bits: 256,
      strength: 'strong',
    })
    expect(scan.protocols.map((p) => p.serverOrder)).toEqual([true, true, null, null, null])
    expect(scan.groups.map((g) => g.name)).toEqual(expect.arrayContaining(['secp256r1', 'x25519', 'X25519MLKEM768']))
    expect(scan.dhBits).toBeNull()
    expect(scan.resumption).toEqual({ sessionId: 'no', ticket: 'yes', note: null })
    expect(scan.alpn).toEqual(['http/1.1'])
    expect(scan.sct).toEqual({ certificate: false, tlsExtension: 'no', ocsp: false })
    expect(answer.result.ocspStapling).toBe(true)
    expect(answer.lines).toContain("  TLS 1.3: 3 suites, server's order")
    expect(answer.lines).toContain(
      '     1. 0x1302 TLS_AES_256_GCM_SHA384 (any (TLS 1.3)/any (TLS 1.3), AES-256-GCM, AEAD, 256 bits) strong',
    )
  }, 30_000)

  it('names the enforced server order and the DH size of a DHE-only server', async () => {
    const { result, lines } = await check('dhe1024')
    expect(result.scan?.dhBits).toBe(1024)
    expect(result.scan?.protocols[1]?.suites.map((s) => s.name)).toEqual([
      'TLS_DHE_RSA_WITH_AES_256_GCM_SHA384',
      'TLS_DHE_RSA_WITH_AES_128_GCM_SHA256',
    ])
    expect(lines).toContain(
      "  - [B] The server's DH group is 1024 bits: too weak (SSL Labs rating guide (2015, Logjam): DH under 2048 bits grades B)",
    )
    // The text report carries the same why and how-to-fix as the web view, under each reason.
    const at = lines.findIndex((line) => line.includes("The server's DH group is 1024 bits"))
    expect(lines[at + 1]).toMatch(/^ {6}Why: \S/)
    expect(lines[at + 2]).toMatch(/^ {6}Fix: \S/)
  })
})
