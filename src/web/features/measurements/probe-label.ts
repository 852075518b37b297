// A probe's place in words, never a flag: "Frankfurt, Germany" and "AS13335 Cloudflare", and the site's
// own probe as "This server".
import type { ProbeLocation } from '../../../shared/measurements.ts'

/** Made on first use: building the display names costs tens of milliseconds, on every page otherwise. */
let regionNames: Intl.DisplayNames | null | undefined
function displayNames(): Intl.DisplayNames | null {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' })
    } catch {
      regionNames = null
    }
  }
  return regionNames
}

/** The country's English name from its ISO code ("DE" → "Germany"); the code when it has no name. */
export function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code
  try {
    return displayNames()?.of(code) ?? code
  } catch {
    return code
  }
}

/** "Frankfurt, Germany"; "Germany" without a city; "Unknown place" when the probe did not say. */
export function probePlace(probe: Pick<ProbeLocation, 'city' | 'country'>): string {
  const place = [probe.city, countryName(probe.country)].filter((part) => part !== '').join(', ')
  return place === '' ? 'Unknown place' : place
}

/** "AS13335 Cloudflare", "AS13335", "Cloudflare" or "" when the network is not known. */
export function probeNetwork(probe: Pick<ProbeLocation, 'asn' | 'network'>): string {
  return [probe.asn === null ? '' : `AS${probe.asn}`, probe.network].filter((part) => part !== '').join(' ')
}

/** The row header of a probe: "This server" for the site's own, else its place. */
export function probeTitle(probe: ProbeLocation): string {
  return probe.local ? 'This server' : probePlace(probe)
}

/** The line under the title: the place of this server, the network and the probe's name. */
export function probeSubtitle(probe: ProbeLocation): string {
  const parts = [probe.local && probePlace(probe) !== 'Unknown place' ? probePlace(probe) : '', probeNetwork(probe)]
  if (!probe.local) parts.push(probe.name)
  return parts.filter((part) => part !== '').join(' · ')
}

/** One line for text and files: "Frankfurt, Germany, AS13335 Cloudflare (probe fra-1)". */
export function probeLine(probe: ProbeLocation): string {
  const network = probeNetwork(probe)
  const where = [
    probeTitle(probe),
    ...(probe.local && probePlace(probe) !== 'Unknown place' ? [probePlace(probe)] : []),
  ]
  return `${[...where, network].filter((part) => part !== '').join(', ')}${probe.local ? '' : ` (probe ${probe.name})`}`
}
