import type { CipherSuite, ProtocolSuites, TlsScan } from '../../../shared/tools/ssl/schema.ts'
import { type Column, DataTable } from '../../components/data-table.tsx'

const STRENGTH: Record<CipherSuite['strength'], { text: string; className: string }> = {
  strong: { text: 'Strong', className: 'text-emerald-300' },
  weak: { text: 'Weak', className: 'text-amber-300' },
  insecure: { text: 'Insecure', className: 'text-red-300' },
}

const columns: Column<CipherSuite>[] = [
  { header: '#', cell: (_suite, index) => index + 1, className: 'text-zinc-400 tabular-nums' },
  { header: 'Suite', cell: (suite) => suite.name, rowHeader: true, className: 'break-all font-normal' },
  { header: 'Key exchange', cell: (suite) => suite.keyExchange, className: 'whitespace-nowrap' },
  { header: 'Auth', cell: (suite) => suite.authentication, className: 'whitespace-nowrap' },
  { header: 'Encryption', cell: (suite) => suite.encryption, className: 'whitespace-nowrap' },
  { header: 'MAC', cell: (suite) => suite.mac, className: 'whitespace-nowrap' },
  { header: 'Bits', cell: (suite) => suite.bits, className: 'tabular-nums' },
  {
    header: 'Strength',
    cell: (suite) => (
      <>
        {STRENGTH[suite.strength].text}
        {suite.weakness && <span className="block text-xs text-zinc-400">{suite.weakness}</span>}
      </>
    ),
    className: (suite) => STRENGTH[suite.strength].className,
  },
]

function orderText(version: ProtocolSuites): string {
  if (version.serverOrder === true) return "server's order enforced"
  if (version.serverOrder === false) return "client's order (no server preference; listed strongest first)"
  return 'order not known'
}

function VersionSuites({ version }: { version: ProtocolSuites }) {
  const caption = `${version.label} cipher suites`
  if (version.status !== 'accepted') {
    return (
      <p className="font-sans text-sm text-zinc-300">
        <span className="font-semibold text-zinc-200">{version.label}:</span>{' '}
        {version.status === 'rejected' ? 'no suite accepted' : `not tested (${version.note ?? 'no answer'})`}
      </p>
    )
  }
  const count = `${version.suites.length} suite${version.suites.length === 1 ? '' : 's'}`
  return (
    <div className="space-y-1">
      <h4 className="font-sans text-sm text-zinc-100">
        {version.label} <span className="text-xs text-zinc-400">{`${count}, ${orderText(version)}`}</span>
      </h4>
      {version.note && <p className="font-sans text-xs text-zinc-400">{version.note}</p>}
      <DataTable
        caption={caption}
        captionHidden
        density="compact"
        columns={columns}
        rows={version.suites}
        rowKey={(suite) => suite.code || suite.name}
      />
    </div>
  )
}

/** The accepted cipher suites of each protocol version, in the server's order when it has one. */
export function SuiteTables({ scan }: { scan: TlsScan }) {
  return (
    <section className="space-y-3" aria-label="Cipher suites">
      <h3 className="font-sans text-sm font-semibold text-zinc-200">Cipher suites</h3>
      <p className="font-sans text-xs text-zinc-400">
        {scan.connections} connections in {(scan.elapsedMs / 1000).toFixed(1)} s
      </p>
      {scan.protocols.map((version) => (
        <VersionSuites key={version.protocol} version={version} />
      ))}
    </section>
  )
}
