// The SSL/TLS tool's catalogue entry: its page, name, panel texts and SEO (docs/product.md).
import { defineToolEntry, seo } from '../../catalogue-entry.ts'

export const sslEntry = defineToolEntry({
  id: 'ssl',
  route: 'ssl-check',
  name: 'SSL/TLS',
  label: 'domain',
  button: 'Check SSL',
  description: 'Inspect a TLS certificate, its chain, protocols and grade',
  seo: seo(
    'SSL/TLS Certificate Check',
    'Check a TLS certificate: validity, chain, hostname, protocols, cipher and grade.',
    'ssl check, tls, certificate, https',
  ),
})
