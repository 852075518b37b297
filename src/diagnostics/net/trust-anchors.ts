// The certificate authorities outbound TLS trusts: Node's defaults, plus an operator's extra CA file
// (EXTRA_CA_FILE) for private or test PKIs. Without the file, Node's own defaults apply unchanged.
import { readFileSync } from 'node:fs'
import tls from 'node:tls'

/** undefined keeps Node's defaults; otherwise the defaults plus the PEM certificates in the file. */
export function loadTrustAnchors(extraCaFile: string | undefined): string[] | undefined {
  if (!extraCaFile) return undefined
  const extra = readFileSync(extraCaFile, 'utf8')
  if (!extra.includes('-----BEGIN CERTIFICATE-----')) {
    throw new Error(`${extraCaFile} holds no PEM certificate`)
  }
  return [...tls.getCACertificates('default'), extra]
}
