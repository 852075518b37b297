// The ASN Check tool's catalogue entry: its page, name, panel texts and SEO (docs/product.md).
import { defineToolEntry, seo } from '../../catalogue-entry.ts'

export const asnEntry = defineToolEntry({
  id: 'asn',
  route: 'asn-lookup',
  name: 'ASN Check',
  label: 'IP',
  button: 'Check ASN',
  description: 'Find the autonomous system that announces an IP address',
  seo: seo(
    'ASN Lookup',
    'Find the autonomous system number, name and prefix of an IP address.',
    'asn lookup, autonomous system, bgp, prefix',
  ),
})
