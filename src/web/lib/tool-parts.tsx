// The parts of every catalogue entry in the web app, declared once per feature in its manifest.ts and
// gathered by src/web/catalogue/feature-manifests.tsx (docs/architecture.md, "The tool manifest").
// A manifest holds only what the first page needs at once (the icon); the rest of a tool (its panel,
// input rule, result schema and result view) sits in the module that `load` brings in when the panel
// is first shown, so every tool stays its own chunk.
import type { LucideIcon } from 'lucide-react'
import type { ComponentType, ReactNode } from 'react'
import type { z } from 'zod'
import type { ToolAnswer } from '../../shared/tools/tool-answer.ts'
import type { PanelProps } from './panel-props.ts'

/** The client-side check of a tool's input: the shared request schema, checked again by the server. */
export interface InputRule {
  schema: z.ZodType<string, string>
  /** Pasted text of many lines (message headers): a text area, and the text is kept out of the address. */
  multiline?: boolean
}

export interface LiveView {
  /** The view drawn from the progress events so far, and from the answer once it is there. */
  render: (progress: unknown[], answer: ToolAnswer | undefined) => ReactNode
  /**
   * "inline" (default): inside the output box from the first event on, with a "Running..." line under it;
   * "replace": in place of the output box for the whole run. Either way it is shown above the answer's lines.
   */
  placement?: 'inline' | 'replace'
}

/**
 * How a tool's option controls read from and write to the page's query string (`?q=…&type=MX`), so
 * that a link carries the options of a run. Only values that differ from the defaults are written.
 */
export interface OptionsQuery<C> {
  /** The controls a query string asks for, the defaults for what it does not say. */
  read(params: URLSearchParams): C
  /** The query parameters of the controls, in a fixed order. */
  write(controls: C): [string, string][]
}

/** What the tool panel needs of a tool: made by defineTool() from the tool's typed parts. */
export interface ToolParts {
  /** Absent for a tool that takes no input. */
  input?: InputRule
  /** The shared schema of the tool's result. */
  result: z.ZodType
  /** The structured view of a successful answer above its text lines; null when the result does not parse. */
  renderDetails?: (answer: ToolAnswer) => ReactNode
  /** Streams the run and draws its progress; takes the place of renderDetails. */
  live?: LiveView
  /** The success toast, when the product words it otherwise than "{tool} completed successfully". */
  successText?: string
  /** What went wrong in a finished run that must not be toasted as a success ("2 checks failed"). */
  warning?: (answer: Pick<ToolAnswer, 'result'>) => string | undefined
  /** The URL mapping of the tool's option controls (tools with options only). */
  query?: OptionsQuery<unknown>
}

/** A live view as a tool writes it: also given the answer's result, parsed with the tool's schema. */
export interface TypedLiveView<R> {
  render: (progress: unknown[], answer: ToolAnswer | undefined, result: R | undefined) => ReactNode
  placement?: LiveView['placement']
}

export interface ToolDefinition<R> {
  input?: InputRule
  result: z.ZodType<R>
  View?: ComponentType<{ result: R }>
  live?: TypedLiveView<R>
  successText?: string
  warning?: (result: R) => string | undefined
  // biome-ignore lint/suspicious/noExplicitAny: each tool maps its own controls type; the panel passes them back unchanged.
  query?: OptionsQuery<any>
}

/** A tool's parts, its result parsed once here for the view and the toast. */
export function defineTool<R>({
  input,
  result,
  View,
  live,
  successText,
  warning,
  query,
}: ToolDefinition<R>): ToolParts {
  const parse = (raw: unknown) => {
    const parsed = result.safeParse(raw)
    return parsed.success ? parsed.data : undefined
  }
  return {
    input,
    result,
    query,
    live: live && {
      placement: live.placement,
      render: (progress, answer) => live.render(progress, answer, answer && parse(answer.result)),
    },
    successText,
    renderDetails: View
      ? (answer) => {
          const data = parse(answer.result)
          return data === undefined ? null : <View result={data} />
        }
      : undefined,
    warning: warning
      ? (answer) => {
          const data = parse(answer.result)
          return data === undefined ? undefined : warning(data)
        }
      : undefined,
  }
}

export type ToolPanelProps = PanelProps & { tool: ToolParts }

/** A tool's own module: its parts, and its panel when the generic tool panel does not do. */
export interface ToolModule {
  tool: ToolParts
  Panel?: ComponentType<ToolPanelProps>
}

/** A tool served by POST /api/tools/:id. */
export interface ToolManifest {
  icon: LucideIcon
  load: () => Promise<ToolModule>
}

/** Any other catalogue entry: its icon and the module of its panel. */
export interface EntryManifest {
  icon: LucideIcon
  load: () => Promise<{ Panel: ComponentType<PanelProps> }>
}
