// The Geolocation tool's catalogue entry: its page, name, panel texts and SEO (docs/product.md).
import { defineToolEntry, seo } from '../../catalogue-entry.ts'

export const geolocationEntry = defineToolEntry({
  id: 'geolocation',
  route: 'geolocation',
  name: 'Geolocation',
  label: 'IP or domain',
  button: 'Locate',
  description: 'Locate an IP address or domain on the map',
  seo: seo(
    'IP Geolocation',
    'Find the city, region, country and network of an IP address or domain.',
    'ip geolocation, ip location, geoip',
  ),
})
