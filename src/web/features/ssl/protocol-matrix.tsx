import { protocolCoverage, type SslResult } from '../../../shared/tools/ssl/schema.ts'
import { protocolClass, protocolStatusText } from './ssl-styles.ts'

/** Each protocol version with its verdict, and the connection a modern client got. */
export function ProtocolMatrix({ result }: { result: SslResult }) {
  const c = result.connection
  return (
    <section className="space-y-2">
      <h3 className="font-sans text-sm font-semibold text-zinc-200">Protocols</h3>
      <p className="font-sans text-xs text-zinc-300">{protocolCoverage(result.protocols)}</p>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {result.protocols.map((probe) => (
          <li
            key={probe.protocol}
            className={`rounded-md px-2 py-1 font-sans text-xs ${protocolClass(probe)}`}
            title={probe.note ?? undefined}
          >
            <span className="font-semibold">{probe.label}</span> · {protocolStatusText(probe.status)}
            {probe.status === 'not-tested' && probe.note && <span className="block">{probe.note}</span>}
          </li>
        ))}
      </ul>
      <p className="text-zinc-300">
        Negotiated {c.protocol} with {c.cipherStandardName ?? c.cipher} ({c.cipherBits}-bit
        {c.aead ? ', AEAD' : ''}
        {c.forwardSecrecy ? ', forward secrecy' : ''}){c.keyExchange ? `, key exchange ${c.keyExchange}` : ''}
      </p>
    </section>
  )
}
