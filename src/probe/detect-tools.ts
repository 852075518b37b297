// Which measurement tools can run here: every one the registry holds, but ping only with the ping
// binary and traceroute only with mtr (a probe never announces a tool it would answer "unavailable").
import { accessSync, constants } from 'node:fs'
import path from 'node:path'
import type { Registry } from '../diagnostics/registry.ts'
import { MEASUREMENT_TOOL_IDS, type MeasurementToolId } from '../shared/measurements.ts'

const REQUIRED_BINARY: Partial<Record<MeasurementToolId, string>> = { ping: 'ping', traceroute: 'mtr' }

function findsBinary(name: string, searchPath: string[]): boolean {
  return searchPath.some((dir) => {
    try {
      accessSync(path.join(dir, name), constants.X_OK)
      return true
    } catch {
      return false
    }
  })
}

export interface DetectedTools {
  tools: MeasurementToolId[]
  /** Why each missing tool cannot run here ("mtr is not installed"). */
  missing: Partial<Record<MeasurementToolId, string>>
}

export function detectTools(registry: Registry, searchPath: string[]): DetectedTools {
  const tools: MeasurementToolId[] = []
  const missing: DetectedTools['missing'] = {}
  for (const id of MEASUREMENT_TOOL_IDS) {
    const binary = REQUIRED_BINARY[id]
    if (!registry[id]) missing[id] = 'not built into this version'
    else if (binary && !findsBinary(binary, searchPath)) missing[id] = `${binary} is not installed`
    else tools.push(id)
  }
  return { tools, missing }
}
