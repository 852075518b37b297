// The Whois tool's catalogue entry: its page, name, panel texts and SEO (docs/product.md).
import { defineToolEntry, seo } from '../../catalogue-entry.ts'

export const whoisEntry = defineToolEntry({
  id: 'whois',
  route: 'whois',
  name: 'Whois',
  label: 'Domain Name',
  button: 'Lookup',
  description: 'Look up domain registration and ownership details',
  seo: seo(
    'Whois Lookup',
    'Domain registration data from RDAP and whois: registrar, dates, status and name servers.',
    'whois, rdap, domain lookup, registrar',
  ),
})
