// The pieces of mailauth's DKIM verifier that check a header signature without the body: the header
// reader, the signature's tags, the signed header lines, their canonical form and the key lookup.
// mailauth's own verifier stops at the body hash, which a pasted header section cannot give.

import type { KeyObject } from 'node:crypto'
import { createRequire } from 'node:module'
import type { RecordResolver } from '../net/record-resolver.ts'

interface ParsedHeaderLine {
  key: string
  line: Buffer
}
interface TagValue {
  value?: string | number
}
export interface DkimSignatureTags {
  parsed?: Record<string, TagValue | undefined>
  original: Buffer
}

interface MailauthTools {
  parseHeaders(buffer: Buffer): { parsed: ParsedHeaderLine[] }
  parseDkimHeaders(line: Buffer): DkimSignatureTags
  getSigningHeaderLines(parsed: ParsedHeaderLine[], fieldNames: string, verify: boolean): unknown
  splitAlgorithm(algorithm: string): { signAlgo?: string; hashAlgo?: string }
  getPublicKey(
    type: 'DKIM',
    name: string,
    minBitLength: number,
    resolver: RecordResolver,
  ): Promise<{ publicKey: KeyObject; modulusLength?: number }>
}
interface MailauthHeader {
  generateCanonicalizedHeader(
    type: 'DKIM',
    lines: unknown,
    options: { signatureHeaderLine: Buffer; canonicalization: string; instance: false },
  ): { canonicalizedHeader: Buffer }
}

const require = createRequire(import.meta.url)
export const mailauthTools = require('mailauth/lib/tools.js') as MailauthTools
export const mailauthHeader = require('mailauth/lib/dkim/header/index.js') as MailauthHeader
