// The one set of certificate authorities every outbound TLS check verifies against: the SSL check,
// the mail test's STARTTLS and MTA-STS fetch, the website check and the monitors built on them.
// It is the system's CAs (Node's bundled roots and the operating system's store) plus an operator's
// extra CA file (EXTRA_CA_FILE) for private or test PKIs, read once when the registry is built.
import { readFileSync } from 'node:fs'
import tls from 'node:tls'

export interface TrustStore {
  /** PEM certificates for `tls.connect({ ca })`; undefined when they are exactly Node's defaults (cheaper to use). */
  ca: string[] | undefined
}

/** The PEM blocks of a file, each ending with its END line. */
function pemBlocks(text: string): string[] {
  return text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []
}

/** The system's CAs plus those of `extraCaFile`; a file with no PEM certificate is a start-up error. */
export function createTrustStore(extraCaFile?: string): TrustStore {
  const defaults = tls.getCACertificates('default')
  const known = new Set(defaults.map((pem) => pem.trim()))
  const added = tls.getCACertificates('system').filter((pem) => !known.has(pem.trim()))
  if (extraCaFile) {
    const extra = pemBlocks(readFileSync(extraCaFile, 'utf8'))
    if (extra.length === 0) throw new Error(`${extraCaFile} holds no PEM certificate`)
    added.push(...extra)
  }
  return { ca: added.length === 0 ? undefined : [...defaults, ...added] }
}
