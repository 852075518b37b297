// Every entry of the product's tool catalogue (docs/product.md): ids, routes, names, panel texts, SEO.
export type CatalogueKind = 'tool' | 'speed' | 'embed' | 'link' | 'phone' | 'registrar'

interface CatalogueFields {
  id: string
  /** Route of the tool's own page, without the leading slash. */
  route: string
  name: string
  description: string
  kind: CatalogueKind
  /** Panel input label and submit button, for tools that take input (docs/product.md, Tool panels). */
  label?: string
  button?: string
  /** External address for embed and link-out entries. */
  url?: string
  seo: { title: string; description: string; keywords: string }
}

function seo(title: string, description: string, keywords: string) {
  return { title: `${title} | NetToolbox`, description, keywords }
}

// Written `as const` so that the ids below are the catalogue's own: a map keyed by `CatalogueId` or
// `ToolId` fails to compile when an entry is added without its key.
const entries = [
  {
    id: 'ping',
    route: 'ping',
    name: 'Ping',
    kind: 'tool',
    label: 'Domain or IP Address',
    button: 'Ping',
    description: 'Check if a host is reachable and measure round-trip time',
    seo: seo(
      'Ping Test',
      'Ping any host from our server and see real round-trip times and packet loss.',
      'ping, latency, packet loss, icmp, online ping',
    ),
  },
  {
    id: 'traceroute',
    route: 'traceroute',
    name: 'Traceroute',
    kind: 'tool',
    label: 'domain or IP',
    button: 'Trace',
    description: 'Trace the network path to a destination hop by hop',
    seo: seo(
      'Traceroute',
      'Trace the route packets take to a host, with per-hop loss and latency.',
      'traceroute, mtr, network path, hops',
    ),
  },
  {
    id: 'whois',
    route: 'whois',
    name: 'Whois',
    kind: 'tool',
    label: 'Domain Name',
    button: 'Lookup',
    description: 'Look up domain registration and ownership details',
    seo: seo(
      'Whois Lookup',
      'Domain registration data from RDAP and whois: registrar, dates, status and name servers.',
      'whois, rdap, domain lookup, registrar',
    ),
  },
  {
    id: 'dns',
    route: 'dns-lookup',
    name: 'DNS',
    kind: 'tool',
    label: 'domain',
    button: 'Lookup',
    description: 'Query DNS records (A, AAAA, MX, NS, TXT, CNAME and more)',
    seo: seo(
      'DNS Lookup',
      'Query A, AAAA, MX, NS, TXT, CNAME, SOA, CAA and SRV records with TTLs and flags.',
      'dns lookup, dig, mx records, nameserver, dns records',
    ),
  },
  {
    id: 'rdns',
    route: 'rdns-lookup',
    name: 'Reverse DNS',
    kind: 'tool',
    label: 'IP Address',
    button: 'Lookup',
    description: 'Find the hostname behind an IP address',
    seo: seo(
      'Reverse DNS Lookup',
      'Find the PTR record of an IP address and check that it resolves back.',
      'reverse dns, ptr record, rdns',
    ),
  },
  {
    id: 'ssl',
    route: 'ssl-check',
    name: 'SSL/TLS',
    kind: 'tool',
    label: 'domain',
    button: 'Check SSL',
    description: 'Inspect a TLS certificate, its chain, protocols and grade',
    seo: seo(
      'SSL/TLS Certificate Check',
      'Check a TLS certificate: validity, chain, hostname, protocols, cipher and grade.',
      'ssl check, tls, certificate, https',
    ),
  },
  {
    id: 'geolocation',
    route: 'geolocation',
    name: 'Geolocation',
    kind: 'tool',
    label: 'IP or domain',
    button: 'Locate',
    description: 'Locate an IP address or domain on the map',
    seo: seo(
      'IP Geolocation',
      'Find the city, region, country and network of an IP address or domain.',
      'ip geolocation, ip location, geoip',
    ),
  },
  {
    id: 'blacklist',
    route: 'blacklist-check',
    name: 'IP Blacklist',
    kind: 'tool',
    label: 'IP, domain or URL',
    button: 'Check',
    description: 'Check an IP or domain against DNS blacklists',
    seo: seo(
      'IP Blacklist Check',
      'Check an IP address or domain against DNS-based block lists.',
      'blacklist check, dnsbl, rbl, spam list',
    ),
  },
  {
    id: 'website-check',
    route: 'website-check',
    name: 'Website Check',
    kind: 'tool',
    label: 'URL or domain',
    button: 'Check',
    description: 'Check if a website is up, its redirects, timings and headers',
    seo: seo(
      'Website Check',
      'Is a website up? Status, redirect chain, timings and security headers.',
      'website down, is it up, http status, security headers',
    ),
  },
  {
    id: 'asn',
    route: 'asn-lookup',
    name: 'ASN Check',
    kind: 'tool',
    label: 'IP',
    button: 'Check ASN',
    description: 'Find the autonomous system that announces an IP address',
    seo: seo(
      'ASN Lookup',
      'Find the autonomous system number, name and prefix of an IP address.',
      'asn lookup, autonomous system, bgp, prefix',
    ),
  },
  {
    id: 'abuse',
    route: 'abuse-check',
    name: 'IP Abuse Check',
    kind: 'tool',
    label: 'IP',
    button: 'Check Abuse',
    description: 'Score an IP address for reported abuse',
    seo: seo(
      'IP Abuse Check',
      'An explainable abuse score for an IP address from real block-list evidence.',
      'ip abuse, ip reputation, abuse score',
    ),
  },
  {
    id: 'cloudflare',
    route: 'cloudflare-registrar',
    name: 'Cloudflare Registrar',
    kind: 'registrar',
    description: 'Register domains at cost with no markup',
    url: 'https://www.cloudflare.com/products/registrar/',
    seo: seo(
      'Cloudflare Registrar',
      'At-cost domain registration with security and WHOIS privacy included.',
      'domain registrar, cloudflare registrar, buy domain',
    ),
  },
  {
    id: 'cf-speedtest',
    route: 'cloudflare-speed-test',
    name: 'Cloudflare Speed Test',
    kind: 'speed',
    description: "Measure your connection with Cloudflare's speed test",
    url: 'https://speed.cloudflare.com/',
    seo: seo(
      'Cloudflare Speed Test',
      "Measure download, upload and latency with Cloudflare's speed test.",
      'speed test, cloudflare, bandwidth',
    ),
  },
  {
    id: 'mail',
    route: 'mail-test',
    name: 'Mail Test',
    kind: 'tool',
    label: 'domain',
    button: 'Test',
    description: 'Test mail servers, STARTTLS, SPF, DKIM and DMARC of a domain',
    seo: seo(
      'Mail Server Test',
      'Test MX servers, STARTTLS, open relay, SPF, DKIM, DMARC and MTA-STS.',
      'mx test, smtp test, spf, dmarc, dkim',
    ),
  },
  {
    id: 'mail-headers',
    route: 'email-headers',
    name: 'Email Header Analyzer',
    kind: 'tool',
    label: 'Message headers',
    button: 'Analyze',
    description: "Trace a message's hops and check its SPF, DKIM and DMARC results",
    seo: seo(
      'Email Header Analyzer',
      'Paste message headers: the relay path with delays and TLS, SPF/DKIM/DMARC results re-checked, block-listed relays.',
      'email header analyzer, message headers, received headers, dkim check, spf check',
    ),
  },
  {
    id: 'whatismyip',
    route: 'what-is-my-ip',
    name: 'What Is My IP',
    kind: 'tool',
    button: 'My IP',
    description: 'See your public IP address, location and network',
    seo: seo(
      'What Is My IP',
      'Your public IP address as our server sees it, with location and network.',
      'what is my ip, my ip address, public ip',
    ),
  },
  {
    id: 'speedtest',
    route: 'speed-test',
    name: 'Speed Test',
    kind: 'speed',
    description: 'Measure download, upload, ping and jitter in your browser',
    url: 'https://speed.cloudflare.com/',
    seo: seo(
      'Internet Speed Test',
      'Measure your download, upload, ping and jitter in the browser.',
      'speed test, internet speed, bandwidth test',
    ),
  },
  {
    id: 'control-panel',
    route: 'control-panel',
    name: 'Control Panel',
    kind: 'link',
    description: 'Open your hosting control panel',
    url: 'https://cpanel.net/',
    seo: seo('Control Panel', 'Open the hosting control panel in a new tab.', 'control panel, hosting, cpanel'),
  },
  {
    id: 'diggui',
    route: 'dig-gui',
    name: 'DigGui',
    kind: 'embed',
    description: 'A graphical interface for dig',
    url: 'https://www.diggui.com/',
    seo: seo('DigGui', 'A graphical dig interface, embedded.', 'dig, dns, diggui'),
  },
  {
    id: 'centralops',
    route: 'central-ops',
    name: 'Central Ops',
    kind: 'link',
    description: 'Network utilities from CentralOps.net',
    url: 'https://centralops.net/co/',
    seo: seo(
      'Central Ops',
      'Domain and network utilities at CentralOps.net.',
      'centralops, domain dossier, network tools',
    ),
  },
  {
    id: 'ifconfig',
    route: 'ifconfig',
    name: 'IFConfig',
    kind: 'embed',
    description: 'What ifconfig.co knows about your address',
    url: 'https://ifconfig.co/',
    seo: seo('IFConfig', 'ifconfig.co, embedded.', 'ifconfig, ip address'),
  },
  {
    id: 'grok',
    route: 'grok-ai',
    name: 'Grok AI',
    kind: 'link',
    description: 'Ask an AI assistant about networking',
    url: 'https://grok.com/',
    seo: seo('Grok AI', 'Ask an AI assistant about networking.', 'ai assistant, grok'),
  },
  {
    id: 'phone-lookup',
    route: 'reverse-phone-lookup',
    name: 'Reverse Phone Lookup',
    kind: 'phone',
    description: 'Look up a phone number: validity, location, carrier and spam reports',
    seo: seo(
      'Reverse Phone Lookup',
      'Validity, line type, location, carrier and community spam reports for a phone number.',
      'reverse phone lookup, phone number, spam calls',
    ),
  },
  {
    id: 'advanced-whois',
    route: 'advanced-whois',
    name: 'Advanced Whois',
    kind: 'link',
    description: 'Deeper whois research with DomainTools',
    url: 'https://whois.domaintools.com/',
    seo: seo('Advanced Whois', 'Deeper whois research at DomainTools.', 'whois, domaintools'),
  },
  {
    id: 'tech-room',
    route: 'tech-room',
    name: 'Tech.Room',
    kind: 'link',
    description: 'Guides and news for network engineers',
    url: 'https://tech.room/',
    seo: seo('Tech.Room', 'Guides and news for network engineers.', 'tech room, networking guides'),
  },
] as const satisfies readonly CatalogueFields[]

/** Every catalogue entry's id. */
export type CatalogueId = (typeof entries)[number]['id']
/** Ids of the entries of kind `tool`: the tools served by POST /api/tools/:id (docs/architecture.md). */
export type ToolId = Extract<(typeof entries)[number], { kind: 'tool' }>['id']
/** The tools that take input: those whose panel has an input label. */
export type InputToolId = Extract<(typeof entries)[number], { kind: 'tool'; label: string }>['id']

export interface CatalogueEntry extends CatalogueFields {
  id: CatalogueId
}

export const catalogue: readonly CatalogueEntry[] = entries

export function isCatalogueId(id: string): id is CatalogueId {
  return catalogue.some((entry) => entry.id === id)
}

export function findEntry(id: string): CatalogueEntry | undefined {
  return catalogue.find((entry) => entry.id === id)
}

export function findEntryByRoute(route: string): CatalogueEntry | undefined {
  return catalogue.find((entry) => entry.route === route)
}

/** Ids served by POST /api/tools/:id (docs/architecture.md), in catalogue order. */
export const TOOL_IDS: readonly ToolId[] = entries.flatMap((entry) => (entry.kind === 'tool' ? [entry.id] : []))

export function isToolId(id: string): id is ToolId {
  return (TOOL_IDS as readonly string[]).includes(id)
}
