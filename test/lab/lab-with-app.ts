// The common lab set-up: namespaces, Knot DNS in srv, and the app running in client.
import { type AppInNamespace, startAppInNamespace } from './app-in-namespace.ts'
import { type Lab, startLab } from './lab.ts'
import { type LabKnot, startLabKnot } from './peers.ts'

export interface LabWithApp {
  lab: Lab
  knot: LabKnot
  app: AppInNamespace
  stop(): Promise<void>
}

/** Null (after the lab's own notice) when the lab cannot be built; `prepare` starts extra peers first. */
export async function startLabWithApp(prepare?: (lab: Lab) => Promise<void>): Promise<LabWithApp | null> {
  const lab = await startLab()
  if (!lab) return null
  const knot = await startLabKnot(lab)
  await prepare?.(lab)
  const app = await startAppInNamespace(lab, { dnsServers: knot.address })
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
