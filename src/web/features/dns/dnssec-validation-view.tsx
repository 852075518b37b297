// Our own DNSSEC verdict for each answered type, and the chain of trust from the trust anchor
// down as a table: zone, what vouched for its keys (anchor or DS), its keys and signature window.
import type { DnssecChainLink, DnssecStatus, DnssecValidation } from '../../../shared/tools/dns/schema.ts'
import { type Column, DataTable } from '../../components/data-table.tsx'

const STATUS_TEXT: Record<DnssecStatus, string> = {
  secure: 'Secure',
  insecure: 'Insecure',
  bogus: 'Bogus',
  indeterminate: 'Indeterminate',
}

const STATUS_CLASS: Record<DnssecStatus, string> = {
  secure: 'bg-emerald-900/60 text-emerald-200',
  insecure: 'bg-zinc-800 text-zinc-200',
  bogus: 'bg-red-900/60 text-red-200',
  indeterminate: 'bg-amber-900/60 text-amber-200',
}

const WHOSE: Record<string, string> = {
  target: "the zone's or the chosen server's",
  server: "this server's (its resolver)",
  policy: 'a policy refusal',
}

const day = (iso?: string) => iso?.slice(0, 10) ?? ''

function VouchCell({ link }: { link: DnssecChainLink }) {
  if (link.dsSource === 'none') return <span className="text-zinc-400">No DS (unsigned)</span>
  return (
    <>
      <div className="text-xs text-zinc-400">{link.dsSource === 'trust-anchor' ? 'Trust anchor' : 'DS in parent'}</div>
      {link.ds.map((ds) => (
        <div key={ds}>{ds}</div>
      ))}
    </>
  )
}

function KeysCell({ link }: { link: DnssecChainLink }) {
  if (link.keys.length === 0) return <span className="text-zinc-400">—</span>
  return (
    <>
      {link.keys.map((k) => (
        <div key={`${k.tag}-${k.role}`}>
          {k.tag} {k.role}
          {k.signedKeys && <span className="text-emerald-300"> · signed the keys</span>}
          {!k.matchesDs && k.role === 'KSK' && <span className="text-zinc-400"> · no DS</span>}
        </div>
      ))}
    </>
  )
}

const columns: Column<DnssecChainLink>[] = [
  { header: 'Zone', cell: (link) => link.zone, rowHeader: true, className: 'whitespace-nowrap' },
  { header: 'DS', cell: (link) => <VouchCell link={link} /> },
  { header: 'DNSKEY tags', cell: (link) => <KeysCell link={link} />, className: 'whitespace-nowrap' },
  {
    header: 'Algorithms',
    cell: (link) => [...new Set(link.keys.map((k) => k.algorithm))].join(', ') || '—',
  },
  {
    header: 'Signature valid',
    cell: (link) =>
      link.signatureExpiration ? `${day(link.signatureInception)} to ${day(link.signatureExpiration)}` : '—',
    className: 'whitespace-nowrap tabular-nums',
  },
  {
    header: 'Status',
    cell: (link) => (
      <>
        {STATUS_TEXT[link.status]}
        {link.note && <div className="text-xs text-zinc-400">{link.note}</div>}
      </>
    ),
  },
]

function ValidationSection({ validation }: { validation: DnssecValidation }) {
  const title = `DNSSEC chain for ${validation.name} ${validation.type}`
  return (
    <section className="space-y-2" aria-label={`DNSSEC ${validation.type}`}>
      <h3 className="flex flex-wrap items-center gap-x-3 gap-y-1 font-sans text-sm">
        <span className="rounded-md bg-zinc-800 px-2 py-0.5 font-mono font-semibold text-zinc-100">
          {validation.type}
        </span>
        <span className={`rounded px-2 py-0.5 font-semibold ${STATUS_CLASS[validation.status]}`}>
          {STATUS_TEXT[validation.status]}
        </span>
        <span className="text-zinc-200">{validation.reason}</span>
      </h3>
      {validation.failureSource && (
        <p className="font-sans text-xs text-zinc-400">Whose failure: {WHOSE[validation.failureSource]}</p>
      )}
      {validation.proof && <p className="font-sans text-xs text-zinc-400">Proof: {validation.proof}</p>}
      {validation.chain.length > 0 && (
        <DataTable
          caption={title}
          captionHidden
          columns={columns}
          rows={validation.chain}
          rowKey={(link) => link.zone}
          density="compact"
        />
      )}
    </section>
  )
}

/** The DNSSEC validation of a lookup, one section per answered type. */
export function DnssecValidationView({ validations }: { validations: DnssecValidation[] }) {
  if (validations.length === 0) return null
  return (
    <section className="space-y-3 border-b border-zinc-800 pb-4">
      <h3 className="font-sans text-sm text-zinc-300">
        DNSSEC validation from the trust anchor (our own; the resolver's AD flag is not trusted)
      </h3>
      {validations.map((validation) => (
        <ValidationSection key={validation.type} validation={validation} />
      ))}
    </section>
  )
}
