// Why each website-standards check matters and how to fix it, with the nginx / Apache line where one
// exists. Keyed by check id, so the text lines and the web view show the same words.
import type { Explanation } from '../explanation.ts'
import type { WebsiteStandardId } from './schema.ts'

export const websiteExplanations: Record<WebsiteStandardId, Explanation> = {
  https: {
    why: 'Without HTTPS, anyone on the path (public Wi-Fi, a provider) can read and change the pages and what visitors send.',
    fix: 'Get a certificate (for example from an ACME authority such as Let’s Encrypt) and serve the site on port 443.',
    config: {
      nginx: 'listen 443 ssl; ssl_certificate /etc/ssl/site.pem; ssl_certificate_key /etc/ssl/site.key;',
      apache: 'SSLEngine on\nSSLCertificateFile /etc/ssl/site.pem\nSSLCertificateKeyFile /etc/ssl/site.key',
    },
  },
  'http-redirect': {
    why: 'Visitors who type the bare name arrive over plain HTTP; without a redirect they stay there. Redirecting to HTTPS on the same host first lets the browser see that host’s HSTS header before going elsewhere.',
    fix: 'Answer every plain-HTTP request with a permanent redirect to the HTTPS URL of the same host, then redirect further if needed.',
    config: {
      nginx: 'return 301 https://$host$request_uri;',
      apache: 'RewriteEngine On\nRewriteRule ^ https://%{HTTP_HOST}%{REQUEST_URI} [R=301,L]',
    },
  },
  certificate: {
    why: 'Browsers refuse a certificate that is expired, self-signed, for another name or missing its intermediate: visitors see a full-page warning.',
    fix: 'Serve a certificate from a trusted authority that covers the host name, with the full chain (leaf then intermediates), and renew it automatically.',
    config: {
      nginx: 'ssl_certificate /etc/ssl/fullchain.pem;',
      apache: 'SSLCertificateFile /etc/ssl/fullchain.pem',
    },
  },
  http2: {
    why: 'HTTP/2 sends many requests over one connection with compressed headers; pages with many resources load faster. Browsers use it only when the server offers "h2" in the TLS handshake (ALPN).',
    fix: 'Enable HTTP/2 on the HTTPS listener.',
    config: { nginx: 'http2 on;', apache: 'Protocols h2 http/1.1' },
  },
  http3: {
    why: 'HTTP/3 runs over QUIC (UDP) and avoids head-of-line blocking on lossy networks. Browsers only try it after an Alt-Svc header advertises it.',
    fix: 'Enable QUIC on UDP port 443 and advertise it with an Alt-Svc header on the HTTPS answers.',
    config: {
      nginx: 'listen 443 quic reuseport;\nadd_header Alt-Svc \'h3=":443"; ma=86400\' always;',
    },
  },
  'ipv6-address': {
    why: 'Visitors on IPv6-only networks (many mobile networks) reach a name without an AAAA record only through translation gateways, if at all.',
    fix: 'Give the web server an IPv6 address and publish it in an AAAA record for the host name.',
  },
  'ipv6-reachable': {
    why: 'An AAAA record that leads nowhere is worse than none: IPv6 clients try it first and wait for a timeout before falling back.',
    fix: 'Make the server listen on its IPv6 address and open port 80/443 for IPv6 in the firewall, or remove the AAAA record.',
    config: { nginx: 'listen [::]:443 ssl;', apache: 'Listen [::]:443' },
  },
  hsts: {
    why: 'Strict-Transport-Security tells browsers to use only HTTPS for this host, so a network attacker cannot downgrade the next visit to plain HTTP. Browsers ignore it when it arrives over plain HTTP, and a short max-age lapses between visits.',
    fix: 'Send the header on every HTTPS answer with a max-age of at least 6 months (15768000 seconds); one year is usual.',
    config: {
      nginx: 'add_header Strict-Transport-Security "max-age=31536000" always;',
      apache: 'Header always set Strict-Transport-Security "max-age=31536000"',
    },
  },
  csp: {
    why: 'A Content-Security-Policy limits where scripts and other content may load from; it blunts cross-site scripting. A policy that allows inline scripts or has no default-src / script-src protects little.',
    fix: "Start with default-src 'self' and list the other origins the pages need; replace inline scripts with files or nonces rather than allowing 'unsafe-inline'.",
    config: {
      nginx: "add_header Content-Security-Policy \"default-src 'self'; frame-ancestors 'self'\" always;",
      apache: "Header always set Content-Security-Policy \"default-src 'self'; frame-ancestors 'self'\"",
    },
  },
  'content-type-options': {
    why: 'Without "nosniff", browsers may guess a content type and run an uploaded text file as a script or style sheet.',
    fix: 'Send X-Content-Type-Options: nosniff on every answer.',
    config: {
      nginx: 'add_header X-Content-Type-Options "nosniff" always;',
      apache: 'Header always set X-Content-Type-Options "nosniff"',
    },
  },
  'frame-protection': {
    why: 'A site that other sites may frame can be overlaid with a decoy page that tricks visitors into clicking its buttons (clickjacking). Only DENY and SAMEORIGIN are valid X-Frame-Options values; CSP frame-ancestors does the same job.',
    fix: "Send X-Frame-Options: DENY (or SAMEORIGIN), or a CSP with frame-ancestors 'self'.",
    config: {
      nginx: 'add_header X-Frame-Options "SAMEORIGIN" always;',
      apache: 'Header always set X-Frame-Options "SAMEORIGIN"',
    },
  },
  'referrer-policy': {
    why: 'The Referer header can leak full URLs (with tokens or search terms) to every site a page links to or loads from; unsafe-url even sends them from HTTPS to plain HTTP.',
    fix: 'Send Referrer-Policy: strict-origin-when-cross-origin, or no-referrer / same-origin for stricter sites.',
    config: {
      nginx: 'add_header Referrer-Policy "strict-origin-when-cross-origin" always;',
      apache: 'Header always set Referrer-Policy "strict-origin-when-cross-origin"',
    },
  },
  'permissions-policy': {
    why: 'Permissions-Policy switches off browser features (camera, microphone, geolocation) the pages do not use, so an injected script or embedded frame cannot ask for them.',
    fix: 'List the features the site does not need with an empty allow list.',
    config: {
      nginx: 'add_header Permissions-Policy "camera=(), microphone=(), geolocation=()" always;',
      apache: 'Header always set Permissions-Policy "camera=(), microphone=(), geolocation=()"',
    },
  },
  cookies: {
    why: 'A cookie without Secure is sent over plain HTTP too, where it can be read; without HttpOnly any injected script can steal it; without SameSite it rides along on requests other sites trigger (CSRF).',
    fix: 'Set Secure, HttpOnly (unless scripts must read the cookie) and SameSite=Lax or Strict in the application, or add them at the proxy.',
    config: {
      nginx: 'proxy_cookie_flags ~ secure httponly samesite=lax;',
      apache: 'Header always edit Set-Cookie ^(.*)$ "$1; Secure; HttpOnly; SameSite=Lax"',
    },
  },
  compression: {
    why: 'Compressed text (HTML, CSS, JavaScript) is typically 60-80 % smaller, so pages load faster, above all on slow links.',
    fix: 'Enable gzip (and Brotli where available) for text types. Keep secrets that attackers can influence out of compressed pages (BREACH).',
    config: {
      nginx: 'gzip on; gzip_types text/css application/javascript application/json image/svg+xml;',
      apache: 'AddOutputFilterByType DEFLATE text/html text/css application/javascript',
    },
  },
  'security-txt': {
    why: 'A researcher who finds a flaw looks for /.well-known/security.txt to learn whom to tell; without it the report may go to a general inbox, or nowhere.',
    fix: 'Publish /.well-known/security.txt over HTTPS with at least a Contact and an Expires field (RFC 9116).',
    config: {
      nginx: 'location = /.well-known/security.txt { root /srv/well-known; default_type text/plain; charset utf-8; }',
      apache: 'Alias /.well-known/security.txt /srv/well-known/security.txt',
    },
  },
  'security-txt-contact': {
    why: 'Contact is the one field that says where to report a vulnerability; RFC 9116 requires at least one.',
    fix: 'Add a line such as "Contact: mailto:security@example.com" or "Contact: https://example.com/report".',
  },
  'security-txt-expires': {
    why: 'An expired file may name people who have left; one valid for years risks the same. RFC 9116 requires Expires and advises less than a year ahead.',
    fix: 'Set "Expires:" to an RFC 3339 date-time less than a year ahead (e.g. 2027-06-30T23:59:59Z) and renew it before it passes.',
  },
  'security-txt-content-type': {
    why: 'RFC 9116 requires text/plain with charset utf-8, so readers and tools can trust what they parse.',
    fix: 'Serve the file as "Content-Type: text/plain; charset=utf-8".',
    config: {
      nginx: 'location = /.well-known/security.txt { default_type text/plain; charset utf-8; }',
      apache: '<Files "security.txt">\n  ForceType "text/plain; charset=utf-8"\n</Files>',
    },
  },
  'security-txt-canonical': {
    why: 'Canonical says where the file officially lives; a copy served elsewhere (a mirror, an old host) can then be told apart, above all when the file is signed.',
    fix: 'List the URL the file is served at in a "Canonical:" line, for each place it is served.',
  },
  'security-txt-signature': {
    why: 'RFC 9116 recommends an OpenPGP cleartext signature so readers can check that the file was not altered.',
    fix: 'Sign the file with "gpg --clearsign security.txt" using a key published in the Encryption field or on your site.',
  },
  'security-txt-fields': {
    why: 'Readers and tools parse these fields; a malformed one is ignored or misread.',
    fix: 'Write Encryption, Policy, Acknowledgments and Hiring as URIs, Preferred-Languages once, as a comma-separated list of language tags.',
  },
  caa: {
    why: 'Without CAA records, any certificate authority may issue a certificate for the name; CAA limits issuance to the authorities you use (RFC 8659).',
    fix: 'Publish CAA records naming your authority (for example: example.com. CAA 0 issue "letsencrypt.org") and an iodef address for refused requests.',
  },
  dnssec: {
    why: 'Unsigned or broken DNS answers can be forged on the way; validating resolvers refuse bogus ones, so a broken signature takes the site offline for their users.',
    fix: 'Sign the zone at your DNS host and publish its DS record at the registrar; if it is bogus, fix the DS or the signatures (expired RRSIG, key rollover) first.',
  },
}
