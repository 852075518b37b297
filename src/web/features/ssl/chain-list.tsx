import { describeKey } from '../../../shared/tools/ssl/lines.ts'
import type { SslResult } from '../../../shared/tools/ssl/schema.ts'

/** The chain from the leaf up to the root, one line per certificate. */
export function ChainList({ result }: { result: SslResult }) {
  const chain = [result.certificate, ...result.chain]
  return (
    <section className="space-y-2">
      <h3 className="font-sans text-sm font-semibold text-zinc-200">Chain</h3>
      <ol className="space-y-1">
        {chain.map((cert, index) => (
          <li key={cert.fingerprintSha256} className="flex gap-2" style={{ paddingLeft: `${index}rem` }}>
            <span className="text-zinc-500">{index === 0 ? '└' : '↑'}</span>
            <span>
              <span className="text-zinc-100">{cert.subject}</span>{' '}
              <span className="text-zinc-400">
                {describeKey(cert)}, {cert.signatureAlgorithm}
                {index > 0 && cert.selfSigned ? ', root' : ''}
              </span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}
