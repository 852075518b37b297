// A tool command with --from: the run is a measurement (POST /api/measurements) made by the probes
// at the places asked for, followed over its event stream; each probe's answer is printed under a
// heading naming where it was measured from, as soon as it arrives (docs/cli.md, "Locations").
import {
  type Measurement,
  type MeasurementRow,
  measurementCreated,
  measurementEvent,
  type ProbeLocation,
} from '../../src/shared/measurements.ts'
import { type ClientSettings, getEvents, postJson, ServerProblem } from './client.ts'
import type { Io, OutputSettings } from './io.ts'
import { EXIT, exitCodeOf, failureLine } from './outcome.ts'
import { shareLines, sharePermalink } from './share.ts'
import type { ToolCommand } from './tools.ts'

export interface Targeting {
  /** Each entry a place: country, city, continent, region, ASN ("AS13335"), network, "any" or "local". */
  locations: string[]
  /** Probes per location (the server's default, 1, when absent). */
  limit?: number
}

/** "Frankfurt, DE, AS64500 Example Net" — what the heading of a probe's answer says. */
export function probePlace(probe: ProbeLocation): string {
  if (probe.local) return `${probe.name} (this server)`
  const where = [probe.city, probe.country].filter(Boolean).join(', ')
  const network = probe.asn === null ? probe.network : `AS${probe.asn}${probe.network ? ` ${probe.network}` : ''}`
  const details = [where, network].filter(Boolean).join(', ')
  return details ? `${probe.name} (${details})` : probe.name
}

/** The exit code of a whole measurement: the worst of its rows (a probe that could not run it is ours). */
function exitCodeOfRows(rows: readonly MeasurementRow[]): number {
  const codes = rows.map((row) => (row.status === 'finished' && row.result ? exitCodeOf(row.result) : EXIT.problem))
  return codes.includes(EXIT.problem) ? EXIT.problem : codes.includes(EXIT.targetFailed) ? EXIT.targetFailed : EXIT.ok
}

function printRow(row: MeasurementRow, io: Io): void {
  io.out(`--- ${probePlace(row.probe)} ---`)
  if (row.status === 'finished' && row.result) {
    for (const line of row.result.lines) io.out(line)
    if (row.result.status === 'failed') io.err(`${probePlace(row.probe)}: ${failureLine(row.result)}`)
  } else {
    io.err(`${probePlace(row.probe)}: ${row.error ?? 'the probe did not answer'}`)
  }
  io.out('')
}

export async function runMeasurementCommand(
  tool: ToolCommand,
  body: { input: string; options?: Record<string, unknown> },
  targeting: Targeting,
  settings: ClientSettings & OutputSettings,
  io: Io,
): Promise<number> {
  try {
    const created = measurementCreated.safeParse(
      await postJson(settings, '/api/measurements', { tool: tool.id, ...body, ...targeting }),
    )
    if (!created.success) throw new ServerProblem(`${settings.server} did not accept the measurement as expected`)
    io.status(`Measuring from ${created.data.probesCount} probe${created.data.probesCount === 1 ? '' : 's'}`)
    const printed = new Set<number>()
    let final: Measurement | undefined
    await getEvents(settings, `/api/measurements/${encodeURIComponent(created.data.id)}/events`, (event) => {
      const parsed = measurementEvent.safeParse({ type: event.name, ...(event.data as object) })
      if (!parsed.success) return false
      if (parsed.data.type === 'finished') {
        final = parsed.data.measurement
        return true
      }
      // The CLI prints each row once it is settled; the lines of a running row are not shown.
      if (parsed.data.type === 'line') return false
      const { index, row } = parsed.data
      if (!settings.json && row.status !== 'in-progress' && !printed.has(index)) {
        printed.add(index)
        printRow(row, io)
      }
      return false
    })
    if (!final) throw new ServerProblem(`${settings.server} ended the measurement without its results`)
    const share = settings.share ? await sharePermalink(settings, final.runId) : undefined
    if (settings.json) io.out(JSON.stringify(share ? { ...final, share } : final, null, 2))
    else {
      for (const [index, row] of final.results.entries()) if (!printed.has(index)) printRow(row, io)
      if (share) for (const line of shareLines(share, settings)) io.out(line)
    }
    return exitCodeOfRows(final.results)
  } catch (error) {
    if (!(error instanceof ServerProblem)) throw error
    io.err(error.message)
    return EXIT.problem
  }
}
