import type { TlsScan } from '../../../shared/tools/ssl/schema.ts'

/** Which version and suite each named client would get, or that the server refuses it. */
export function ClientSimulationTable({ scan }: { scan: TlsScan }) {
  const clients = scan.clientSimulations
  if (!clients?.length) return null
  return (
    <section className="space-y-2" aria-label="Client handshakes">
      <h3 className="font-sans text-sm font-semibold text-zinc-200">Client handshakes</h3>
      <table className="w-full font-sans text-sm">
        <thead>
          <tr className="text-left text-zinc-400">
            <th scope="col" className="py-1 pr-4 font-normal">
              Client
            </th>
            <th scope="col" className="py-1 pr-4 font-normal">
              Version
            </th>
            <th scope="col" className="py-1 font-normal">
              Suite
            </th>
          </tr>
        </thead>
        <tbody>
          {clients.map((c) => (
            <tr key={c.client} className="border-t border-zinc-800 align-top">
              <th scope="row" className="py-1 pr-4 text-left font-normal text-zinc-300" title={`offers ${c.offered}`}>
                {c.client}
              </th>
              {c.status === 'negotiated' ? (
                <>
                  <td className="py-1 pr-4 text-zinc-200">{c.protocol}</td>
                  <td className="py-1 font-mono text-xs text-zinc-300">
                    {c.suite}
                    {c.note && <span className="ml-2 font-sans text-zinc-500">({c.note})</span>}
                  </td>
                </>
              ) : (
                <td colSpan={2} className={`py-1 ${c.status === 'failed' ? 'text-red-300' : 'text-zinc-500'}`}>
                  {c.status === 'failed' ? `Fails: ${c.note}` : `Not tested: ${c.note}`}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
