// The Mail Test tool's catalogue entry: its page, name, panel texts and SEO (docs/product.md).
import { defineToolEntry, seo } from '../../catalogue-entry.ts'

export const mailEntry = defineToolEntry({
  id: 'mail',
  route: 'mail-test',
  name: 'Mail Test',
  label: 'domain',
  button: 'Test',
  description: 'Test mail servers, STARTTLS, SPF, DKIM and DMARC of a domain',
  seo: seo(
    'Mail Server Test',
    'Test MX servers, STARTTLS, open relay, SPF, DKIM, DMARC and MTA-STS.',
    'mx test, smtp test, spf, dmarc, dkim',
  ),
})
