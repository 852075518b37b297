// Why each cap on the SSL grade matters and how to fix it, with the nginx / Apache line where one
// exists. A cap is recognised by the rule it names (and, for trust caps, by what it says), so the
// text lines and the web view explain the same reasons the same way.
import type { Explanation } from '../explanation.ts'
import type { GradeReason } from './schema.ts'

const PROTOCOLS_CONFIG = {
  nginx: 'ssl_protocols TLSv1.2 TLSv1.3;',
  apache: 'SSLProtocol -all +TLSv1.2 +TLSv1.3',
}
const CIPHERS_CONFIG = {
  nginx: 'ssl_ciphers ECDHE+AESGCM:ECDHE+CHACHA20; ssl_prefer_server_ciphers off;',
  apache: 'SSLCipherSuite ECDHE+AESGCM:ECDHE+CHACHA20',
}
const OLD_PROTOCOL: Explanation = {
  why: 'Old protocol versions have known attacks (POODLE, BEAST) and weak hashes; browsers no longer use them, so accepting them only helps attackers downgrade connections.',
  fix: 'Accept TLS 1.2 and TLS 1.3 only.',
  config: PROTOCOLS_CONFIG,
}
const WEAK_SUITES: Explanation = {
  why: 'Suites without encryption, without authentication, with export-grade keys, RC4 or 64-bit blocks can be broken or read by an attacker on the path.',
  fix: 'List only ECDHE suites with AES-GCM or ChaCha20-Poly1305.',
  config: CIPHERS_CONFIG,
}
const WEAK_DH: Explanation = {
  why: 'A small finite-field DH group can be precomputed by a well-funded attacker (Logjam), who then reads DHE connections.',
  fix: 'Drop DHE suites in favour of ECDHE, or use a 2048-bit (or larger) group such as ffdhe2048.',
  config: {
    nginx: 'ssl_dhparam /etc/ssl/ffdhe2048.pem;',
    apache: 'SSLOpenSSLConfCmd DHParameters /etc/ssl/ffdhe2048.pem',
  },
}
const WEAK_KEY: Explanation = {
  why: 'A short certificate key can be factored or broken with enough computing power, letting an attacker impersonate the site.',
  fix: 'Issue a new certificate with an RSA key of at least 2048 bits or an ECDSA P-256 key.',
}
const NEW_CERTIFICATE: Explanation = {
  why: 'Browsers trust a certificate only if a trusted authority signed it with a strong hash, for this name, and it is in its validity period; otherwise visitors see a warning page.',
  fix: 'Get a certificate from a trusted authority for this host name and serve the full chain (leaf then intermediates); renew it automatically.',
  config: { nginx: 'ssl_certificate /etc/ssl/fullchain.pem;', apache: 'SSLCertificateFile /etc/ssl/fullchain.pem' },
}

/** Patterns over "rule text", the first that matches wins. */
const EXPLANATIONS: [RegExp, Explanation][] = [
  [
    /has expired|not yet valid/,
    {
      why: 'Browsers refuse a certificate outside its validity period: every visitor sees a warning page.',
      fix: 'Renew the certificate, and automate renewal (ACME) so it cannot lapse again.',
      config: NEW_CERTIFICATE.config,
    },
  ],
  [
    /sends no intermediate certificate/,
    {
      why: 'Without the intermediate certificate, browsers that have not cached it cannot build a path to a trusted root and show a warning.',
      fix: 'Serve the full chain: the leaf followed by the intermediate certificates.',
      config: NEW_CERTIFICATE.config,
    },
  ],
  [/another name/, NEW_CERTIFICATE],
  [/not trusted, T|not trusted grades T|SHA-1/, NEW_CERTIFICATE],
  [/SSL 2\.0|SSL 3\.0|TLS 1\.0 grades|TLS 1\.1 grades/, OLD_PROTOCOL],
  [
    /no TLS 1\.2/,
    {
      why: 'Without TLS 1.2 or 1.3 only outdated protocols with known weaknesses remain, and current browsers refuse them.',
      fix: 'Upgrade the TLS library if needed and enable TLS 1.2.',
      config: PROTOCOLS_CONFIG,
    },
  ],
  [/anonymous and NULL|export suites|RC4|3DES/, WEAK_SUITES],
  [/DH under/, WEAK_DH],
  [/MD2\/MD5/, NEW_CERTIFICATE],
  [/keys under/, WEAK_KEY],
  [/under 2048 bits grades B/, WEAK_DH],
  [
    /no forward secrecy/,
    {
      why: 'With RSA key exchange, anyone who later obtains the server key can decrypt every recorded connection.',
      fix: 'Offer ECDHE suites (and prefer them).',
      config: CIPHERS_CONFIG,
    },
  ],
  [
    /no AEAD/,
    {
      why: 'CBC and stream ciphers have a long history of padding and timing attacks; AEAD suites (GCM, ChaCha20-Poly1305) do not.',
      fix: 'Offer AES-GCM or ChaCha20-Poly1305 suites.',
      config: CIPHERS_CONFIG,
    },
  ],
  [
    /Heartbleed grades F|CCS injection grades F/,
    {
      why: 'These are bugs of old TLS libraries: Heartbleed leaks server memory (keys, passwords), CCS injection lets an attacker on the path read and change traffic.',
      fix: 'Upgrade the TLS library (OpenSSL 1.0.1h or later, or any current release) and restart every service using it; replace the keys a Heartbleed-affected server held.',
    },
  ],
  [
    /DROWN grades F/,
    {
      why: 'A server that still speaks SSL 2.0 lets an attacker decrypt TLS sessions made with the same RSA key (DROWN).',
      fix: 'Turn SSL 2.0 off on this server and on every other server that uses the same certificate or key.',
    },
  ],
  [
    /ROBOT padding oracle grades F/,
    {
      why: 'The server answers malformed RSA key exchanges differently, so an attacker can decrypt or sign with its key (ROBOT).',
      fix: 'Update the TLS library or appliance firmware, or turn off the RSA key-exchange suites (TLS_RSA_WITH_*).',
    },
  ],
  [
    /\(CRIME\) grades C/,
    {
      why: 'With TLS compression the size of encrypted records leaks secrets such as session cookies (CRIME).',
      fix: 'Turn TLS compression off (current TLS libraries no longer offer it).',
      config: { nginx: 'ssl_conf_command Options -Compression;', apache: 'SSLCompression off' },
    },
  ],
  [
    /no secure renegotiation grades C/,
    {
      why: 'Without secure renegotiation (RFC 5746) an attacker on the path can splice their own request in front of the client’s.',
      fix: 'Upgrade the TLS library or enable its RFC 5746 support (GnuTLS: remove %DISABLE_SAFE_RENEGOTIATION).',
    },
  ],
  [
    /no TLS_FALLBACK_SCSV/,
    {
      why: 'Without TLS_FALLBACK_SCSV a client that retries with an older version after a failed handshake can be downgraded by an attacker.',
      fix: 'Upgrade the TLS library (OpenSSL 1.0.1j or later supports it), or accept TLS 1.2 and 1.3 only.',
      config: PROTOCOLS_CONFIG,
    },
  ],
  [
    /score of 80/,
    {
      why: 'The score weighs the weakest and strongest protocol, key exchange and cipher the server accepts: one weak option drags it down.',
      fix: 'Remove the weakest protocols, suites and groups the server accepts; the breakdown shows which part scored low.',
      config: CIPHERS_CONFIG,
    },
  ],
  // The A+ conditions, one at a time: each reason names the one the scan found missing.
  [
    /TLS 1\.3 is not supported \(needed for A\+\)/,
    {
      why: 'TLS 1.3 removes obsolete options and saves a round trip.',
      fix: 'Enable TLS 1.3 (it needs OpenSSL 1.1.1 or later).',
      config: PROTOCOLS_CONFIG,
    },
  ],
  [
    /TLS 1\.3 could not be tested \(needed for A\+\)/,
    {
      why: 'The grade can reach A+ only when TLS 1.3 is seen accepted; this check could not tell.',
      fix: 'Run the check again; if TLS 1.3 stays untested, make sure the server can be reached and offers it.',
    },
  ],
  [
    /No HSTS/,
    {
      why: 'HSTS stops browsers from ever trying plain HTTP to the site, so a first request cannot be downgraded.',
      fix: 'Send HSTS with a max-age of at least 6 months.',
      config: {
        nginx: 'add_header Strict-Transport-Security "max-age=31536000" always;',
        apache: 'Header always set Strict-Transport-Security "max-age=31536000"',
      },
    },
  ],
]

/** Why a cap matters and how to lift it; null for a reason this module does not know. */
export function explainSslReason(reason: Pick<GradeReason, 'rule' | 'text'>): Explanation | null {
  const subject = `${reason.rule ?? ''} ${reason.text}`
  return EXPLANATIONS.find(([pattern]) => pattern.test(subject))?.[1] ?? null
}
