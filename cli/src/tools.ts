// One command per tool served by POST /api/tools/:id, read from the tool's contract: its argument, its
// options and how they map onto the tool's request schema (the same zod schema the server validates with).
import type { z } from 'zod'
import { findEntry, type ToolId } from '../../src/shared/catalogue.ts'
import type { ToolOption } from '../../src/shared/tools/contract.ts'
import { TOOL_CONTRACTS } from '../../src/shared/tools/contracts.ts'

export type { ToolOption }

export interface ToolCommand {
  id: ToolId
  /** "<host>", or undefined for a tool without input. */
  argument?: string
  request: z.ZodType
  options: readonly ToolOption[]
}

export function commandOf(id: ToolId): ToolCommand {
  const { request, cli } = TOOL_CONTRACTS[id]
  return { id, argument: cli.argument, request, options: cli.options }
}

export function describeTool(id: ToolId): string {
  return findEntry(id)?.description ?? id
}
