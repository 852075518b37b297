// The connected probes as the "Run from" control offers them: the location entry that picks each one
// ("local" for this server, else its name), whether it can run the tool, and how many can.
import { MEASUREMENT_MAX_LIMIT, type MeasurementToolId, type ProbeInfo } from '../../../shared/measurements.ts'

/** The location entry that selects exactly this probe. */
export function probeEntry(probe: Pick<ProbeInfo, 'local' | 'name'>): string {
  return probe.local ? 'local' : probe.name
}

export interface ProbeOffer {
  /** Probes other than this server are connected. */
  others: boolean
  /** Probes that can run the tool, this server first. */
  usable: ProbeInfo[]
  /** Probes connected but without the tool (no mtr, say). */
  unusable: ProbeInfo[]
  /** The largest "N locations" to offer: the usable probes, at most the request's limit. */
  maxCount: number
}

export function offerProbes(probes: readonly ProbeInfo[] | undefined, tool: MeasurementToolId): ProbeOffer {
  if (!probes) return { others: true, usable: [], unusable: [], maxCount: MEASUREMENT_MAX_LIMIT }
  const sorted = [...probes].sort((a, b) => Number(b.local) - Number(a.local) || a.name.localeCompare(b.name))
  const usable = sorted.filter((p) => p.tools.includes(tool))
  return {
    others: probes.some((p) => !p.local),
    usable,
    unusable: sorted.filter((p) => !p.tools.includes(tool)),
    maxCount: Math.max(1, Math.min(usable.length, MEASUREMENT_MAX_LIMIT)),
  }
}
