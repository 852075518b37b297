// The input rule as a table: every tool that takes input × the spellings people type or paste, with
// what the tool runs or the exact message it answers. The schema test (input-rule.test.ts), the
// HTTP API test (test/server/input-rule-api.test.ts) and the command-line test read the same rows,
// so the web form, the API and the CLI cannot drift apart (docs/product.md, "What each tool accepts").
// Each tool declares its own rows in its contract (src/shared/tools/<id>/index.ts, `inputRule`).
import type { z } from 'zod'
import type { Expected, Spelling } from './input-spellings.ts'
import { SPELLINGS } from './input-spellings.ts'
import { TOOL_CONTRACTS } from './tools/contracts.ts'
import type { ToolId } from './tools/entries.ts'

export type { Expected, Spelling } from './input-spellings.ts'
export { SPELLINGS } from './input-spellings.ts'

/** A tool that takes input, or a named variant of one (DNS propagation: the DNS tool with its option). */
export type InputTool = string

/** A tool's rows: its request schema, the options its variant runs with, and what it does with each spelling. */
interface InputRows {
  tool: InputTool
  id: ToolId
  request: z.ZodType
  options?: object
  expected: Readonly<Record<Spelling, Expected>>
}

/** The rows each tool's contract declares (`inputRule`), under its id and its variants' names. */
const declared: InputRows[] = Object.values(TOOL_CONTRACTS).flatMap(({ id, request, inputRule }): InputRows[] =>
  inputRule
    ? [
        { tool: id, id, request, expected: inputRule.expected },
        ...Object.entries(inputRule.variants ?? {}).map(([tool, variant]) => ({
          tool,
          id,
          request,
          options: variant.options,
          expected: variant.expected,
        })),
      ]
    : [],
)

/** The names of the tools and variants with rows. */
export const INPUT_TOOLS: readonly InputTool[] = declared.map((rows) => rows.tool)

export interface InputCase extends Omit<InputRows, 'expected'> {
  spelling: Spelling
  input: string
  expected: Expected
}

/** One row per tool × spelling. */
export const INPUT_CASES: InputCase[] = declared.flatMap(({ expected, ...tool }) =>
  (Object.keys(SPELLINGS) as Spelling[]).map((spelling) => ({
    ...tool,
    spelling,
    input: SPELLINGS[spelling],
    expected: expected[spelling],
  })),
)
