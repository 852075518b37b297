// Which view a DNS answer gets: the propagation table for a propagation check, the record tables
// otherwise; while a propagation check runs, its rows as each server answers.
import type { DnsResult } from '../../../shared/tools/dns/schema.ts'
import { DnsPropagationLive, DnsPropagationView } from './dns-propagation-table.tsx'
import { DnsRecordsTable } from './dns-records-table.tsx'
import { DnssecValidationView } from './dnssec-validation-view.tsx'

export function DnsResultView({ result }: { result: DnsResult }) {
  if (result.propagation) return <DnsPropagationView name={result.unicodeName} propagation={result.propagation} />
  return (
    <>
      {result.dnssecValidation && <DnssecValidationView validations={result.dnssecValidation} />}
      <DnsRecordsTable result={result} />
    </>
  )
}

/** A run's live view: the finished answer's view, or a propagation check's rows so far. */
export function DnsLiveResult({ progress, result }: { progress: unknown[]; result: DnsResult | undefined }) {
  return result ? <DnsResultView result={result} /> : <DnsPropagationLive progress={progress} />
}
