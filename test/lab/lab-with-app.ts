// The common lab set-up: namespaces, Knot DNS in srv (the lab zones and any a suite adds), the
// suite's own peers, and the app running in client.
import { type AppInNamespace, startAppInNamespace } from './app-in-namespace.ts'
import { type Lab, labCanRun, startLab } from './lab.ts'
import { type LabKnot, type LabZone, startLabKnot } from './peers.ts'

export interface LabWithApp {
  lab: Lab
  knot: LabKnot
  app: AppInNamespace
  stop(): Promise<void>
}

export interface LabWithAppOptions {
  /** Named in the notice when the lab cannot run here. */
  suite?: string
  /** What the suite needs beyond the lab itself, e.g. `{ openssl: opensslAvailable }` (see labCanRun). */
  needs?: Record<string, boolean>
  /** Zones Knot serves beside the lab's own. */
  zones?: LabZone[]
  /** Starts the suite's peers once Knot runs; what it returns is added to the app's environment. */
  prepare?: (lab: Lab) => Promise<Record<string, string> | undefined>
}

/** Null (after labCanRun()'s notice) when the lab cannot be built here. */
export async function startLabWithApp(options: LabWithAppOptions = {}): Promise<LabWithApp | null> {
  if (!labCanRun(options.suite ?? 'the lab', options.needs)) return null
  const lab = await startLab()
  if (!lab) return null
  const knot = await startLabKnot(lab, options.zones)
  const env = await options.prepare?.(lab)
  const app = await startAppInNamespace(lab, { dnsServers: knot.address, env })
  return {
    lab,
    knot,
    app,
    async stop() {
      await app.stop()
      await knot.stop()
      await lab.stop()
    },
  }
}
