// The Website Check tool's catalogue entry: its page, name, panel texts and SEO (docs/product.md).
import { defineToolEntry, seo } from '../../catalogue-entry.ts'

export const websiteCheckEntry = defineToolEntry({
  id: 'website-check',
  route: 'website-check',
  name: 'Website Check',
  label: 'URL or domain',
  button: 'Check',
  description: 'Check if a website is up, its redirects, timings and headers',
  seo: seo(
    'Website Check',
    'Is a website up? Status, redirect chain, timings and security headers.',
    'website down, is it up, http status, security headers',
  ),
})
