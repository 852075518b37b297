// For each mail check: why it matters and how to fix a warning or failure, with a Postfix line or
// a DNS record to copy where one exists. The report shows these beside each check's verdict.
import type { Explanation } from '../explanation.ts'

export const MAIL_CHECK_IDS = [
  'mx',
  'mx-address',
  'smtp-connect',
  'smtp-banner',
  'ehlo',
  'starttls',
  'tls-certificate',
  'tls-grade',
  'open-relay',
  'reverse-dns',
  'dane',
  'dane-dnssec',
  'mta-sts',
  'tls-rpt',
  'spf',
  'dmarc',
  'dkim',
  'bimi',
  'ipv6',
] as const
export type MailCheckId = (typeof MAIL_CHECK_IDS)[number]

/** Why the check matters; how to fix it, with the Postfix line or DNS record in the text. */
export type MailCheckHelp = Pick<Explanation, 'why' | 'fix'>

export const MAIL_CHECK_HELP: Record<MailCheckId, MailCheckHelp> = {
  mx: {
    why: 'Senders look up the MX records to find where to deliver mail; without them mail goes to the domain address, or nowhere.',
    fix: 'Publish one MX record per mail server, e.g. "example.com. 3600 IN MX 10 mx1.example.com.".',
  },
  'mx-address': {
    why: 'An MX name without an address (A or AAAA) cannot receive mail.',
    fix: 'Give every MX host an A (and AAAA) record, e.g. "mx1.example.com. IN A 198.51.100.25"; MX must name a host, never an IP or a CNAME.',
  },
  'smtp-connect': {
    why: 'Senders deliver to port 25; a server they cannot reach delays or bounces mail.',
    fix: 'Open TCP port 25 in the firewall and make the MTA listen on it (Postfix master.cf: "smtp inet n - y - - smtpd").',
  },
  'smtp-banner': {
    why: 'Senders wait for the 220 greeting; a slow or refusing greeting makes them give up or retry later.',
    fix: 'Answer with a 220 banner at once; check for slow reverse DNS on the server (Postfix: "smtpd_banner = $myhostname ESMTP").',
  },
  ehlo: {
    why: 'EHLO announces the extensions (STARTTLS, SIZE, 8BITMIME) senders rely on.',
    fix: 'Use an ESMTP server that answers EHLO; Postfix does by default.',
  },
  starttls: {
    why: 'Without STARTTLS mail to the server crosses the network in clear text.',
    fix: 'Offer STARTTLS with a certificate (Postfix: "smtpd_tls_chain_files = /etc/ssl/private/mx.pem" and "smtpd_tls_security_level = may").',
  },
  'tls-certificate': {
    why: 'MTA-STS and DANE senders refuse a certificate that is expired, untrusted or for another name.',
    fix: 'Use a certificate from a public CA that names the MX host (e.g. certbot certonly -d mx1.example.com) and renew it before it expires.',
  },
  'tls-grade': {
    why: 'Old protocol versions and weak cipher suites let an attacker on the path read or alter the mail.',
    fix: 'Allow TLS 1.2 and 1.3 only and strong suites (Postfix: "smtpd_tls_protocols = >=TLSv1.2", "smtpd_tls_mandatory_ciphers = high", "tls_high_cipherlist = ECDHE+AESGCM:ECDHE+CHACHA20").',
  },
  'open-relay': {
    why: 'An open relay lets anyone send spam through the server; it ends up on every blocklist.',
    fix: 'Relay only for your own networks and signed-in users (Postfix: "smtpd_relay_restrictions = permit_mynetworks, permit_sasl_authenticated, defer_unauth_destination").',
  },
  'reverse-dns': {
    why: 'Receivers distrust senders whose address has no PTR name that resolves back to it.',
    fix: 'Ask the owner of the address block (your hosting provider) for a PTR record naming the MX host, and give that name an A record with the same address.',
  },
  dane: {
    why: 'DANE (TLSA records under DNSSEC) tells senders which certificate to expect, so an attacker cannot strip or fake TLS.',
    fix: 'Publish a TLSA record for the key the server presents, e.g. "_25._tcp.mx1.example.com. IN TLSA 3 1 1 <sha256 of the public key>" (openssl x509 -in cert.pem -noout -pubkey | openssl pkey -pubin -outform DER | sha256sum); publish the new record before a key change.',
  },
  'dane-dnssec': {
    why: 'Senders use TLSA records only when their DNSSEC signatures validate; unsigned records are ignored.',
    fix: 'Sign the zone of the MX host with DNSSEC and publish the DS record at the parent (your registrar).',
  },
  'mta-sts': {
    why: 'MTA-STS tells senders to require TLS with a valid certificate for the MX hosts listed, without DNSSEC.',
    fix: 'Publish _mta-sts.example.com. IN TXT "v=STSv1; id=20240101" and serve https://mta-sts.example.com/.well-known/mta-sts.txt with "version: STSv1", "mode: enforce", one "mx: mx1.example.com" line per MX and "max_age: 604800".',
  },
  'tls-rpt': {
    why: 'TLS-RPT makes senders report TLS failures (MTA-STS, DANE) to you, so you see a broken certificate before mail is lost.',
    fix: 'Publish _smtp._tls.example.com. IN TXT "v=TLSRPTv1; rua=mailto:tls-reports@example.com".',
  },
  spf: {
    why: 'SPF lists the servers allowed to send as the domain; -all tells receivers to reject the others, ~all only to mark them.',
    fix: 'Publish one record with at most 10 lookups ending in -all, e.g. example.com. IN TXT "v=spf1 mx include:_spf.provider.example -all".',
  },
  dmarc: {
    why: 'DMARC tells receivers what to do with mail that fails SPF and DKIM; p=none only watches, quarantine and reject protect.',
    fix: 'Publish _dmarc.example.com. IN TXT "v=DMARC1; p=reject; rua=mailto:dmarc@example.com" (start with p=quarantine if unsure, pct=100).',
  },
  dkim: {
    why: 'DKIM signs outgoing mail so receivers can tell it was not altered and came from the domain.',
    fix: 'Sign with a 2048-bit RSA key (e.g. OpenDKIM with Postfix: "smtpd_milters = inet:localhost:8891") and publish selector._domainkey.example.com. IN TXT "v=DKIM1; k=rsa; p=<key>".',
  },
  bimi: {
    why: 'BIMI shows the brand logo beside authenticated mail in mailboxes that support it; it needs DMARC at quarantine or reject.',
    fix: 'Publish default._bimi.example.com. IN TXT "v=BIMI1; l=https://example.com/logo.svg; a=https://example.com/vmc.pem" with an SVG Tiny PS logo.',
  },
  ipv6: {
    why: 'Senders with IPv6 only, and those that prefer it, need an AAAA address of the MX that accepts connections.',
    fix: 'Give the MX host an AAAA record (e.g. "mx1.example.com. IN AAAA 2001:db8::25"), make the MTA listen on it (Postfix: "inet_protocols = all") and open port 25 for IPv6.',
  },
}

/** The help text of a check, or none for a check this version does not know. */
export function mailCheckHelp(id: string): MailCheckHelp | undefined {
  return (MAIL_CHECK_HELP as Record<string, MailCheckHelp | undefined>)[id]
}
