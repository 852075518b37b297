// DKIM re-checked from the pasted headers: each DKIM-Signature's key fetched live from
// <selector>._domainkey.<domain> through this server's resolver, and the signature verified over the
// signed header fields. The signature covers the body hash (bh=) too, so the header signature is
// verifiable without the body; the body hash itself is not, and the detail says so.
import { createHash, verify } from 'node:crypto'
import type { DkimRecheck } from '../../shared/tools/mail-headers/schema.ts'
import { describeLookupError } from '../mail-auth/lookup-error.ts'
import type { RecordResolver } from '../net/record-resolver.ts'
import { mailauthHeader, mailauthTools } from './mailauth-dkim.ts'

/** More signatures than this are listed as not checked. */
export const MAX_DKIM_SIGNATURES = 5
const NO_KEY_CODES = new Set(['ENOTFOUND', 'ENODATA'])
const KEY_PROBLEMS: Record<string, string> = {
  EINVALIDVER: 'the key record has an unknown version',
  EINVALIDTYPE: 'the key record has an unknown key type',
  EINVALIDVAL: 'the key record holds no valid public key (revoked or broken)',
  EINVALIDHASH: 'the key record does not allow this hash algorithm',
  EINVALIDSERVICE: 'the key record is not for email',
  ESHORTKEY: 'the key is shorter than 1024 bits',
}

const text = (value: unknown) => (value === undefined ? '' : String(value))

/** What is said of the body hash (bh=), which only the body could prove. */
export function bodyHashNote(bodyPasted: boolean): string {
  return bodyPasted
    ? 'body hash not checked: only the header section is read'
    : 'body hash not checked: the body was not pasted'
}

async function checkOne(
  headers: ReturnType<typeof mailauthTools.parseHeaders>,
  line: Buffer,
  resolve: RecordResolver,
  bodyPasted: boolean,
): Promise<DkimRecheck> {
  const bodyNote = bodyHashNote(bodyPasted)
  const signature = mailauthTools.parseDkimHeaders(line)
  const tags = signature.parsed ?? {}
  const domain = text(tags.d?.value)
  const selector = text(tags.s?.value)
  const algorithm = text(tags.a?.value) || 'unknown'
  const base = { domain, selector, algorithm }
  if (!domain || !selector || !tags.b?.value || !tags.h?.value) {
    return { ...base, status: 'not-checked', detail: 'the signature lacks d=, s=, h= or b=' }
  }
  const { signAlgo, hashAlgo } = mailauthTools.splitAlgorithm(algorithm)
  if ((signAlgo !== 'rsa' && signAlgo !== 'ed25519') || !hashAlgo) {
    return { ...base, status: 'not-checked', detail: `unknown algorithm ${algorithm}` }
  }
  const name = `${selector}._domainkey.${domain}`
  let key: Awaited<ReturnType<typeof mailauthTools.getPublicKey>>
  try {
    key = await mailauthTools.getPublicKey('DKIM', name, 1024, resolve)
  } catch (error) {
    const code = (error as { code?: string }).code ?? ''
    if (NO_KEY_CODES.has(code)) return { ...base, status: 'not-checked', detail: `no key published at ${name}` }
    const problem = KEY_PROBLEMS[code]
    if (problem) return { ...base, status: 'fail', detail: `${problem} (${name})` }
    return { ...base, status: 'not-checked', detail: `key not fetched: ${describeLookupError(error, name, 'TXT')}` }
  }
  const signedLines = mailauthTools.getSigningHeaderLines(headers.parsed, String(tags.h.value), true)
  const { canonicalizedHeader } = mailauthHeader.generateCanonicalizedHeader('DKIM', signedLines, {
    signatureHeaderLine: signature.original,
    canonicalization: text(tags.c?.value) || 'simple/simple',
    instance: false,
  })
  let valid = false
  try {
    const data = signAlgo === 'rsa' ? canonicalizedHeader : createHash('sha256').update(canonicalizedHeader).digest()
    valid = verify(
      signAlgo === 'rsa' ? algorithm : null,
      data,
      key.publicKey,
      Buffer.from(String(tags.b.value), 'base64'),
    )
  } catch (error) {
    return { ...base, status: 'fail', detail: `the signature could not be verified (${(error as Error).message})` }
  }
  const bits = key.modulusLength ? `, ${key.modulusLength}-bit key` : ''
  return valid
    ? { ...base, status: 'pass', detail: `header signature verified with the live key${bits}; ${bodyNote}` }
    : {
        ...base,
        status: 'fail',
        detail: `header signature does not verify with the live key${bits}: a signed header was changed, or the key was replaced; ${bodyNote}`,
      }
}

/** Every DKIM-Signature of the header section (`headerText`: the fields as pasted, CRLF-joined). */
export async function recheckDkim(
  headerText: string,
  resolve: RecordResolver,
  bodyPasted = false,
): Promise<DkimRecheck[]> {
  const headers = mailauthTools.parseHeaders(Buffer.from(`${headerText}\r\n`, 'utf8'))
  const signatures = headers.parsed.filter((h) => h.key === 'dkim-signature')
  return Promise.all(
    signatures.map((h, index) =>
      index < MAX_DKIM_SIGNATURES
        ? checkOne(headers, h.line, resolve, bodyPasted)
        : Promise.resolve<DkimRecheck>({
            ...signatureNames(h.line),
            status: 'not-checked',
            detail: `not checked: only the first ${MAX_DKIM_SIGNATURES} signatures are checked`,
          }),
    ),
  )
}

function signatureNames(line: Buffer) {
  const tags = mailauthTools.parseDkimHeaders(line).parsed ?? {}
  return { domain: text(tags.d?.value), selector: text(tags.s?.value), algorithm: text(tags.a?.value) || 'unknown' }
}
