// What the page shows under a tool's output, when it shows something: the monitors' "Watch this" row.
// The page that draws the panel fills it (src/web/catalogue/feature-manifests.tsx), so the tool panel,
// which the features build on, imports no feature.
import { type ComponentType, createContext, useContext } from 'react'
import type { ToolAnswer } from '../../shared/tools/tool-answer.ts'

export interface AfterAnswerProps {
  /** The catalogue id of the tool whose output the row sits under. */
  tool: string
  /** The finished answer on screen, if any. */
  answer: ToolAnswer | undefined
}

export const AfterAnswerContext = createContext<ComponentType<AfterAnswerProps> | null>(null)

/** The row the page draws under the output, or null when it draws none. */
export function useAfterAnswer(): ComponentType<AfterAnswerProps> | null {
  return useContext(AfterAnswerContext)
}
