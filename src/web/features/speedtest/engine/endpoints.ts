// Where the test sends its requests: our own server (the default) or Cloudflare's public endpoints.
import type { SpeedServerKind } from '../../../../shared/tools/speedtest.ts'
import { speedServerInfo } from '../../../../shared/tools/speedtest.ts'
import type { SpeedEnvironment } from './environment.ts'

export const CLOUDFLARE_SPEED_ORIGIN = 'https://speed.cloudflare.com'

export interface SpeedEndpoints {
  kind: SpeedServerKind
  /** The server's name for serverLocation ("server selected"). */
  describeServer(env: SpeedEnvironment, signal: AbortSignal): Promise<string>
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
      describeServer: async () => `Cloudflare (${new URL(CLOUDFLARE_SPEED_ORIGIN).host})`,
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
      return speedServerInfo.parse(await response.json()).name
    },
    pingUrl: () => `${base}/ping`,
    downloadUrls: (bytes) => [`${base}/down?bytes=${bytes}`],
    uploadUrls: () => [`${base}/up`],
  }
}
