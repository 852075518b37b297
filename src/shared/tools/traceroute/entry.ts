// The Traceroute tool's catalogue entry: its page, name, panel texts and SEO (docs/product.md).
import { defineToolEntry, seo } from '../../catalogue-entry.ts'

export const tracerouteEntry = defineToolEntry({
  id: 'traceroute',
  route: 'traceroute',
  name: 'Traceroute',
  label: 'domain or IP',
  button: 'Trace',
  description: 'Trace the network path to a destination hop by hop',
  seo: seo(
    'Traceroute',
    'Trace the route packets take to a host, with per-hop loss and latency.',
    'traceroute, mtr, network path, hops',
  ),
})
