// What the peer did when a TLS handshake (or the connection under it) failed, in words. Node and
// OpenSSL report codes (ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION) and reason strings ("ssl3_read_bytes:
// tlsv1 alert protocol version"); tools keep those for their own decisions and show these words.
import { describeUntrusted } from '../../shared/tools/ssl/trust-words.ts'

/** A TLS alert by its RFC 8446 §6 name: ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE → handshake_failure. */
const ALERT = /^ERR_SSL_(?:SSLV3|TLSV1|TLSV13)_ALERT_([A-Z_]+)$/
/** The verifier's codes (OpenSSL X509_V_ERR names), as node:tls reports a refused chain. */
const VERIFIER_CODE = /^(?:[A-Z0-9]+_)*(?:CERT|SIGNATURE|ISSUER|CA|KEY|SIGNED|PURPOSE|LONG)(?:_[A-Z0-9]+)*$/

const WORDS: Record<string, string> = {
  ECONNRESET: 'the server closed the connection during the handshake',
  EPIPE: 'the server closed the connection during the handshake',
  ERR_SSL_UNEXPECTED_EOF_WHILE_READING: 'the server closed the connection during the handshake',
  ECONNREFUSED: 'the server refused the connection',
  EPROTO: 'the server broke the TLS protocol',
  ETIMEDOUT: 'the server did not answer in time',
  ERR_SSL_WRONG_VERSION_NUMBER:
    'the server answered with something other than TLS, or with a version it was not offered',
  ERR_SSL_UNSUPPORTED_PROTOCOL: 'the server chose a protocol version this check did not offer',
  ERR_SSL_TLSV1_ALERT_NO_APPLICATION_PROTOCOL: 'the server answered with a no_application_protocol alert',
  ERR_SSL_PACKET_LENGTH_TOO_LONG: 'the server answered with something other than TLS',
  ERR_SSL_RECORD_LENGTH_MISMATCH: 'the server answered with something other than TLS',
  ERR_SSL_DH_KEY_TOO_SMALL: "the server's DH key is smaller than this server's TLS library accepts",
  ERR_SSL_EE_KEY_TOO_SMALL: "the server's certificate key is smaller than this server's TLS library accepts",
  ERR_SSL_NO_PROTOCOLS_AVAILABLE: "this server's TLS library cannot offer the protocol version",
  ERR_SSL_NO_CIPHERS_AVAILABLE: "this server's TLS library cannot offer the cipher suites",
  ERR_SSL_NO_SUITABLE_SIGNATURE_ALGORITHM: 'the server offered no signature algorithm this check accepts',
  ERR_SSL_UNSAFE_LEGACY_RENEGOTIATION_DISABLED: 'the server does not support secure renegotiation (RFC 5746)',
  ERR_SSL_SSL_HANDSHAKE_FAILURE: 'the handshake failed',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the certificate does not name this host',
}

/** What a code says, in words ("ERR_SSL_BAD_ECPOINT" → "bad ecpoint"). */
const codeWords = (code: string) =>
  code
    .replace(/^ERR_(?:SSL_)?/, '')
    .toLowerCase()
    .replaceAll('_', ' ')

/**
 * The code of an EPROTO error: Node's HTTPS client reports a failed handshake met while writing as
 * EPROTO, with OpenSSL's reason only in the message ("…:SSL routines:…:wrong version number:…"),
 * which is the one place this reads an error's text.
 */
function codeOf(error: NodeJS.ErrnoException | undefined): string | undefined {
  // Only a string is a Node.js or OpenSSL code: a DOMException (an abort's reason) has a number.
  if (typeof error?.code !== 'string') return undefined
  if (error.code !== 'EPROTO') return error.code
  const reason = /SSL routines:[^:]*:([a-z0-9 ]+):/.exec(error.message)?.[1]
  return reason ? `ERR_SSL_${reason.toUpperCase().replaceAll(' ', '_')}` : 'EPROTO'
}

/** Why the handshake failed, in words, from the error's code (or the cause's). */
export function describeTlsFailure(error: unknown): string {
  const code = codeOf(error as NodeJS.ErrnoException | undefined)
  if (!code) {
    const cause = (error as { cause?: unknown } | undefined)?.cause
    return cause ? describeTlsFailure(cause) : 'the handshake failed'
  }
  const words = WORDS[code]
  if (words) return words
  const alert = ALERT.exec(code)?.[1]
  if (alert) return `the server answered with a ${alert.toLowerCase()} alert`
  if (!code.startsWith('ERR_') && VERIFIER_CODE.test(code)) return `the certificate is ${describeUntrusted(code)}`
  // An operating-system code (EHOSTUNREACH...) is kept as it is: the words around it say what failed.
  return code.startsWith('ERR_') ? `the handshake failed (${codeWords(code)})` : `the connection failed (${code})`
}
