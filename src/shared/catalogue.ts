// Every entry of the product's tool catalogue (docs/product.md): the tools, each declared in its own
// folder (src/shared/tools/<id>/entry.ts, gathered by src/shared/tools/entries.ts), then the other
// entries (speed tests, the phone lookup, the registrar, embedded and linked sites), declared here.
import { type CatalogueFields, type CatalogueKind, seo } from './catalogue-entry.ts'
import { type InputToolId, isToolId, TOOL_ENTRIES, TOOL_IDS, type ToolId } from './tools/entries.ts'

export type { CatalogueKind, InputToolId, ToolId }
export { isToolId, TOOL_IDS }

// Written `as const` so that the ids below are the catalogue's own: a map keyed by `CatalogueId`
// fails to compile when an entry is added without its key.
const otherEntries = [
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

const entries = [...TOOL_ENTRIES, ...otherEntries] as const

/** Every catalogue entry's id. */
export type CatalogueId = (typeof entries)[number]['id']

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
