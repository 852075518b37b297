// A verdict's "why it matters" and "how to fix", with the nginx / Apache lines where there are any,
// on the dark output box. The texts come from the tool's own module in src/shared/tools.
import type { Explanation } from '../../shared/tools/explanation.ts'

export function VerdictExplanation({ explanation }: { explanation: Explanation }) {
  const configs = [
    ['nginx', explanation.config?.nginx],
    ['Apache', explanation.config?.apache],
  ] as const
  return (
    <div className="space-y-1 border-l-2 border-zinc-700 pl-3 font-sans text-xs text-zinc-300">
      <p>
        <span className="font-semibold text-zinc-200">Why it matters: </span>
        {explanation.why}
      </p>
      <p>
        <span className="font-semibold text-zinc-200">How to fix: </span>
        {explanation.fix}
      </p>
      {configs.map(([server, line]) =>
        line ? (
          <div key={server}>
            <span className="text-zinc-400">{server}:</span>
            <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded bg-zinc-900 px-2 py-1 font-mono text-zinc-100">
              {line}
            </pre>
          </div>
        ) : null,
      )}
    </div>
  )
}
