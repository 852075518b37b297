// The IP Blacklist tool's catalogue entry: its page, name, panel texts and SEO (docs/product.md).
import { defineToolEntry, seo } from '../../catalogue-entry.ts'

export const blacklistEntry = defineToolEntry({
  id: 'blacklist',
  route: 'blacklist-check',
  name: 'IP Blacklist',
  label: 'IP, domain or URL',
  button: 'Check',
  description: 'Check an IP or domain against DNS blacklists',
  seo: seo(
    'IP Blacklist Check',
    'Check an IP address or domain against DNS-based block lists.',
    'blacklist check, dnsbl, rbl, spam list',
  ),
})
