// Why one of our DNS questions got no usable answer, in words that name our side: a lookup that
// failed is this server's resolver failing, never a fact about the domain.
const RCODES: Record<string, string> = {
  ESERVFAIL: 'SERVFAIL',
  EREFUSED: 'REFUSED',
  EFORMERR: 'FORMERR',
  ENOTIMP: 'NOTIMP',
}

/** "this server's resolver did not answer for _dmarc.example.com TXT" and the like. */
export function describeLookupError(error: unknown, name: string, type: string): string {
  const code = (error as { code?: string }).code ?? ''
  const question = `${name} ${type}`
  if (code === 'ETIMEOUT') return `this server's resolver did not answer for ${question}`
  const rcode = RCODES[code]
  if (rcode) return `this server's resolver answered ${rcode} for ${question}`
  return `this server's resolver could not be asked about ${question}${code ? ` (${code})` : ''}`
}
