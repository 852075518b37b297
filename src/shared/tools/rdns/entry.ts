// The Reverse DNS tool's catalogue entry: its page, name, panel texts and SEO (docs/product.md).
import { defineToolEntry, seo } from '../../catalogue-entry.ts'

export const rdnsEntry = defineToolEntry({
  id: 'rdns',
  route: 'rdns-lookup',
  name: 'Reverse DNS',
  label: 'IP Address',
  button: 'Lookup',
  description: 'Find the hostname behind an IP address',
  seo: seo(
    'Reverse DNS Lookup',
    'Find the PTR record of an IP address and check that it resolves back.',
    'reverse dns, ptr record, rdns',
  ),
})
