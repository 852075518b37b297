// The IP Abuse Check tool's catalogue entry: its page, name, panel texts and SEO (docs/product.md).
import { defineToolEntry, seo } from '../../catalogue-entry.ts'

export const abuseEntry = defineToolEntry({
  id: 'abuse',
  route: 'abuse-check',
  name: 'IP Abuse Check',
  label: 'IP',
  button: 'Check Abuse',
  description: 'Score an IP address for reported abuse',
  seo: seo(
    'IP Abuse Check',
    'An explainable abuse score for an IP address from real block-list evidence.',
    'ip abuse, ip reputation, abuse score',
  ),
})
