import { ADVICE_CAUTION_ABOVE, ADVICE_HIGH_ABOVE, adviceFor, RISK_LEGEND } from '../../../shared/tools/abuse/schema.ts'
import { RISK_STYLES } from './risk-styles.ts'

/** The product's risk levels and the advice given above each threshold. */
export function RiskLegend() {
  return (
    <div className="space-y-2 rounded-xl border border-border p-3 text-sm">
      <p className="font-medium">Risk levels (abuse score 0-100)</p>
      <ul className="flex flex-wrap gap-2">
        {RISK_LEGEND.map((entry) => (
          <li key={entry.level} className={`rounded-md px-2 py-0.5 text-xs ${RISK_STYLES[entry.level].legend}`}>
            {entry.label}: {entry.range}
          </li>
        ))}
      </ul>
      <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
        <li>
          Above {ADVICE_HIGH_ABOVE}: {adviceFor(ADVICE_HIGH_ABOVE + 1)}
        </li>
        <li>
          Above {ADVICE_CAUTION_ABOVE}: {adviceFor(ADVICE_CAUTION_ABOVE + 1)}
        </li>
        <li>
          The score adds points for each block-list operator listing the address and for AbuseIPDB reports, when
          configured.
        </li>
      </ul>
    </div>
  )
}
