// The Ping tool's catalogue entry: its page, name, panel texts and SEO (docs/product.md).
import { defineToolEntry, seo } from '../../catalogue-entry.ts'

export const pingEntry = defineToolEntry({
  id: 'ping',
  route: 'ping',
  name: 'Ping',
  label: 'Domain or IP Address',
  button: 'Ping',
  description: 'Check if a host is reachable and measure round-trip time',
  seo: seo(
    'Ping Test',
    'Ping any host from our server and see real round-trip times and packet loss.',
    'ping, latency, packet loss, icmp, online ping',
  ),
})
