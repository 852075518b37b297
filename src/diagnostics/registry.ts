// The one place that lists the diagnostics: tool id -> implementation.
import type { ToolId } from '../shared/catalogue.ts'
import { dnsDiagnostic } from './dns/run.ts'
import type { Diagnostic } from './types.ts'

// biome-ignore lint/suspicious/noExplicitAny: each entry carries its own request/result types.
export type AnyDiagnostic = Diagnostic<any, any>

export const registry: Partial<Record<ToolId, AnyDiagnostic>> = {
  dns: dnsDiagnostic,
}

export function findDiagnostic(id: string): AnyDiagnostic | undefined {
  return Object.hasOwn(registry, id) ? registry[id as ToolId] : undefined
}
