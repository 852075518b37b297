// The email header analyzer's catalogue entry: its page, name, panel texts and SEO (docs/product.md).
import { defineToolEntry, seo } from '../../catalogue-entry.ts'

export const mailHeadersEntry = defineToolEntry({
  id: 'mail-headers',
  route: 'email-headers',
  name: 'Email Header Analyzer',
  label: 'Message headers',
  button: 'Analyze',
  description: "Trace a message's hops and check its SPF, DKIM and DMARC results",
  seo: seo(
    'Email Header Analyzer',
    'Paste message headers: the relay path with delays and TLS, SPF/DKIM/DMARC results re-checked, block-listed relays.',
    'email header analyzer, message headers, received headers, dkim check, spf check',
  ),
})
