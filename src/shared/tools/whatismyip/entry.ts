// The What Is My IP tool's catalogue entry: its page, name, panel texts and SEO (docs/product.md).
import { defineToolEntry, seo } from '../../catalogue-entry.ts'

export const whatismyipEntry = defineToolEntry({
  id: 'whatismyip',
  route: 'what-is-my-ip',
  name: 'What Is My IP',
  button: 'My IP',
  description: 'See your public IP address, location and network',
  seo: seo(
    'What Is My IP',
    'Your public IP address as our server sees it, with location and network.',
    'what is my ip, my ip address, public ip',
  ),
})
