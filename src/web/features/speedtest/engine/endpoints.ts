// Where the test sends its requests: our own server (the default) or Cloudflare's public endpoints.
import type { SpeedServerInfo, SpeedServerKind } from '../../../../shared/tools/speedtest/schema.ts'
import { speedServerInfo } from '../../../../shared/tools/speedtest/schema.ts'
import type { SpeedEnvironment } from './environment.ts'

export const CLOUDFLARE_SPEED_ORIGIN = 'https://speed.cloudflare.com'
/** The largest transfer asked of Cloudflare's endpoints. */
export const CLOUDFLARE_MAX_BYTES = 100_000_000

export interface SpeedEndpoints {
  kind: SpeedServerKind
  /** The server's name for serverLocation ("server selected") and the largest transfer it takes. */
  describeServer(env: SpeedEnvironment, signal: AbortSignal): Promise<SpeedServerInfo>
  pingUrl(): string
  /** Tried in order until one works. */
  downloadUrls(bytes: number): string[]
  uploadUrls(): string[]
}

/** `origin` is the page's own origin, e.g. "https://tools.example.net". */
export function selectEndpoints(kind: SpeedServerKind, origin: string): SpeedEndpoints {
  if (kind === 'cloudflare') {
    return {
      kind,
      describeServer: async () => ({
        name: `Cloudflare (${new URL(CLOUDFLARE_SPEED_ORIGIN).host})`,
        maxBytes: CLOUDFLARE_MAX_BYTES,
      }),
      pingUrl: () => `${CLOUDFLARE_SPEED_ORIGIN}/__down?bytes=0`,
      downloadUrls: (bytes) => [`${CLOUDFLARE_SPEED_ORIGIN}/__down?bytes=${bytes}`],
      uploadUrls: () => [`${CLOUDFLARE_SPEED_ORIGIN}/__up`],
    }
  }
  const base = `${origin}/api/speed`
  return {
    kind,
    async describeServer(env, signal) {
      const response = await env.fetch(`${base}/server`, { signal, headers: { accept: 'application/json' } })
      if (!response.ok) throw new Error(`The speed-test server answered ${response.status}`)
      return speedServerInfo.parse(await response.json())
    },
    pingUrl: () => `${base}/ping`,
    downloadUrls: (bytes) => [`${base}/down?bytes=${bytes}`],
    uploadUrls: () => [`${base}/up`],
  }
}
