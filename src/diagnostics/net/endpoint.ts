// "host[:port]" endpoints as written in config and options (IPv6 as "[addr]:port").
export interface Endpoint {
  address: string
  port: number
}

/** Splits "addr", "addr:port", "[v6]" or "[v6]:port"; a bare IPv6 address has no port. */
export function splitHostPort(text: string, defaultPort: number): { host: string; port: number } | null {
  const trimmed = text.trim()
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(trimmed)
  let host: string
  let portText: string | undefined
  if (bracketed) {
    host = bracketed[1] ?? ''
    portText = bracketed[2]
  } else if (/[[\]]/.test(trimmed)) {
    return null
  } else if ((trimmed.match(/:/g) ?? []).length > 1) {
    host = trimmed
  } else {
    const [h, p] = trimmed.split(':')
    host = h ?? ''
    portText = p
  }
  const port = portText === undefined ? defaultPort : Number(portText)
  if (!host || !Number.isInteger(port) || port < 1 || port > 65535) return null
  return { host, port }
}

export function formatEndpoint(endpoint: Endpoint): string {
  return endpoint.address.includes(':')
    ? `[${endpoint.address}]:${endpoint.port}`
    : `${endpoint.address}:${endpoint.port}`
}
