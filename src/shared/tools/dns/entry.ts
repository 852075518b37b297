// The DNS tool's catalogue entry: its page, name, panel texts and SEO (docs/product.md).
import { defineToolEntry, seo } from '../../catalogue-entry.ts'

export const dnsEntry = defineToolEntry({
  id: 'dns',
  route: 'dns-lookup',
  name: 'DNS',
  label: 'domain',
  button: 'Lookup',
  description: 'Query DNS records (A, AAAA, MX, NS, TXT, CNAME and more)',
  seo: seo(
    'DNS Lookup',
    'Query A, AAAA, MX, NS, TXT, CNAME, SOA, CAA and SRV records with TTLs and flags.',
    'dns lookup, dig, mx records, nameserver, dns records',
  ),
})
