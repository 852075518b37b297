// The DS records validation starts from. By default IANA's root key-signing keys as published in
// the root zone trust anchor file (root-anchors.xml): KSK-2017 and KSK-2024. An operator can
// replace them with a file of DS records in zone-file form (DNSSEC_TRUST_ANCHORS), one a line:
//   . IN DS 20326 8 2 E06D44B80B8F1D39A95C0B0D7C65D08458E880409BBC683457104237C7F8EC8D
import { readFileSync } from 'node:fs'
import { type Labels, nameText, parseName } from './names.ts'

export interface DsRecord {
  owner: Labels
  keyTag: number
  algorithm: number
  digestType: number
  digest: Buffer
}

export const ROOT_TRUST_ANCHORS_TEXT = [
  '. IN DS 20326 8 2 E06D44B80B8F1D39A95C0B0D7C65D08458E880409BBC683457104237C7F8EC8D',
  '. IN DS 38696 8 2 683D2D0ACB8C9B712A1948B27F741219298D0A450D612C483AF444A4C0FB2B16',
].join('\n')

/** Reads DS lines ("owner [ttl] [IN] DS tag algorithm digest-type hex"); ';' starts a comment. */
export function parseTrustAnchors(text: string, source = 'trust anchors'): DsRecord[] {
  const anchors: DsRecord[] = []
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/;.*$/, '').trim()
    if (line === '') return
    const match = /^(\S+)\s+(?:\d+\s+)?(?:IN\s+)?DS\s+(\d+)\s+(\d+)\s+(\d+)\s+([0-9A-Fa-f\s]+)$/i.exec(line)
    if (!match) throw new Error(`${source} line ${i + 1} is not a DS record: ${line}`)
    const [, owner = '', tag, algorithm, digestType, hex = ''] = match
    anchors.push({
      owner: parseName(owner),
      keyTag: Number(tag),
      algorithm: Number(algorithm),
      digestType: Number(digestType),
      digest: Buffer.from(hex.replace(/\s+/g, ''), 'hex'),
    })
  })
  if (anchors.length === 0) throw new Error(`${source} holds no DS record`)
  const zones = new Set(anchors.map((a) => nameText(a.owner)))
  if (zones.size > 1) throw new Error(`${source} names more than one zone: ${[...zones].join(', ')}`)
  return anchors
}

/** DNSSEC_TRUST_ANCHORS: a file of DS records; without it, IANA's root anchors. */
export function loadDnssecTrustAnchors(file: string | undefined): DsRecord[] {
  if (!file) return parseTrustAnchors(ROOT_TRUST_ANCHORS_TEXT, 'the root trust anchors')
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new Error(`DNSSEC_TRUST_ANCHORS: cannot read ${file}`, { cause: error })
  }
  return parseTrustAnchors(text, file)
}
