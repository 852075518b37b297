import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { nameText } from './names.ts'
import { loadDnssecTrustAnchors, parseTrustAnchors } from './trust-anchors.ts'

describe('loadDnssecTrustAnchors()', () => {
  it("uses IANA's root KSK-2017 and KSK-2024 by default", () => {
    const anchors = loadDnssecTrustAnchors(undefined)
    expect(anchors.map((a) => [nameText(a.owner), a.keyTag, a.algorithm, a.digestType])).toEqual([
      ['.', 20326, 8, 2],
      ['.', 38696, 8, 2],
    ])
    expect(anchors[0]?.digest.toString('hex').toUpperCase()).toBe(
      'E06D44B80B8F1D39A95C0B0D7C65D08458E880409BBC683457104237C7F8EC8D',
    )
  })

  it('reads a file of DS lines with TTLs, comments and a digest split by spaces', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'anchors-'))
    const file = path.join(dir, 'anchors.ds')
    await writeFile(file, '; lab root\n. 3600 IN DS 4242 13 2 ABCD ef01 ; key one\n\n. DS 4243 15 4 00FF\n')
    try {
      const anchors = loadDnssecTrustAnchors(file)
      expect(anchors.map((a) => [a.keyTag, a.algorithm, a.digestType, a.digest.toString('hex')])).toEqual([
        [4242, 13, 2, 'abcdef01'],
        [4243, 15, 4, '00ff'],
      ])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('loadDnssecTrustAnchors() with a missing file', () => {
  it('names the setting and the file', () => {
    expect(() => loadDnssecTrustAnchors('/nonexistent/anchors.ds')).toThrow(
      'DNSSEC_TRUST_ANCHORS: cannot read /nonexistent/anchors.ds',
    )
  })
})

describe('parseTrustAnchors()', () => {
  it('names the line that is not a DS record', () => {
    expect(() => parseTrustAnchors('. IN DS 1 8 2 AA\n. IN DNSKEY 257 3 8 AwEAAa==', 'anchors.ds')).toThrow(
      'anchors.ds line 2 is not a DS record: . IN DNSKEY 257 3 8 AwEAAa==',
    )
  })

  it('refuses an empty file and anchors for two zones', () => {
    expect(() => parseTrustAnchors('; nothing\n', 'empty.ds')).toThrow('empty.ds holds no DS record')
    expect(() => parseTrustAnchors('. DS 1 8 2 AA\ntest. DS 2 8 2 BB', 'two.ds')).toThrow(
      'two.ds names more than one zone: ., test.',
    )
  })
})
