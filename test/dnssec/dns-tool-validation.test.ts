// The DNS tool's DNSSEC option through the API: our own verdict and chain beside the records,
// with the trust anchor read from DNSSEC_TRUST_ANCHORS.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkToolAnswer } from '../support/app/check-tool.ts'
import { knotAvailable } from '../support/dns/knot.ts'
import { type SignedHierarchy, startSignedHierarchy } from '../support/dns/signed-hierarchy.ts'

describe.skipIf(!knotAvailable)('POST /api/tools/dns with dnssec validates the answer itself', () => {
  let lab: SignedHierarchy
  let t: TestApp
  let dir: string

  beforeAll(async () => {
    lab = await startSignedHierarchy()
    dir = await mkdtemp(path.join(tmpdir(), 'anchors-'))
    const anchors = path.join(dir, 'root.ds')
    await writeFile(anchors, `; the test root's key-signing key\n${lab.trustAnchorText}`)
    t = await createTestApp({ DNS_SERVERS: lab.endpoint, TARGET_ALLOW: '127.0.0.0/8', DNSSEC_TRUST_ANCHORS: anchors })
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await lab?.stop()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  const lookup = async (input: string, options: object) => {
    return checkToolAnswer(t, 'dns', input, { options })
  }

  it('shows Secure with the chain of zones and the text lines', async () => {
    const body = await lookup('www.ed.sec', { type: 'A', dnssec: true })
    expect(body.status).toBe('ok')
    const [v] = body.result.dnssecValidation
    expect(v).toMatchObject({ name: 'www.ed.sec.', type: 'A', status: 'secure', server: lab.endpoint })
    expect(v.chain.map((l: { zone: string }) => l.zone)).toEqual(['.', 'sec.', 'ed.sec.'])
    const lines: string[] = body.lines
    const at = lines.indexOf(
      ";; DNSSEC validation from the trust anchors (asked with CD; the resolver's AD bit is not used):",
    )
    expect(at).toBeGreaterThan(0)
    expect(lines[at + 1]).toMatch(
      /^;; www\.ed\.sec\. A: SECURE: Secure: the www\.ed\.sec\. A set is signed by ed\.sec\. key \d+/,
    )
    expect(lines).toContainEqual(
      expect.stringMatching(/^;; {3}\.: secure; trust anchor \d+ RSASHA256 SHA-256; keys: \d+ (KSK|ZSK) RSASHA256/),
    )
    expect(lines).toContainEqual(
      expect.stringMatching(/^;; {3}ed\.sec\.: secure; DS \d+ ED25519 SHA-256; keys: .*ED25519 \(signed the keys\)/),
    )
  })

  it('validates every type of a default lookup, NODATA ones too', async () => {
    const body = await lookup('www.ok.sec', { dnssec: true })
    const verdicts = body.result.dnssecValidation.map((v: { type: string; status: string }) => `${v.type} ${v.status}`)
    expect(verdicts).toEqual(['A secure', 'AAAA secure', 'MX secure', 'NS secure', 'TXT secure', 'CNAME secure'])
  })

  it('names the unsigned delegation of an Insecure answer', async () => {
    const body = await lookup('www.unsigned.sec', { type: 'A', dnssec: true })
    expect(body.result.dnssecValidation[0]).toMatchObject({ status: 'insecure', insecureDelegation: 'unsigned.sec.' })
  })

  it('keeps the records of a Bogus answer and says whose failure it is', async () => {
    const body = await lookup('tampered.sec', { type: 'A', dnssec: true })
    expect(body.status).toBe('ok')
    expect(body.result.queries[0].answers[0].value).toBe('198.51.100.32')
    expect(body.result.dnssecValidation[0]).toMatchObject({ status: 'bogus', failureSource: 'target' })
    expect(body.lines).toContainEqual(expect.stringMatching(/^;; tampered\.sec\. A: BOGUS: Bogus: the RRSIG over/))
  })

  it('validates nothing without the dnssec option', async () => {
    const body = await lookup('www.ok.sec', { type: 'A' })
    expect(body.result.dnssecValidation).toBeUndefined()
  })
})
