// curl examples of the OpenAPI document (x-codeSamples, shown by the API reference page): one per
// tool, with the example input of its contract, one per bulk tool, and one for each results and tokens operation.
import { findContract } from '../../shared/tools/contracts.ts'

export interface CodeSample {
  lang: string
  label: string
  source: string
}

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`

function curl(method: string, url: string, { body, auth = true }: { body?: object; auth?: boolean } = {}): CodeSample {
  const parts = [`curl -X ${method} ${quote(url)}`]
  if (auth) parts.push(`-H "Authorization: Bearer $NTB_TOKEN"`)
  if (body) parts.push(`-H 'Content-Type: application/json'`, `-d ${quote(JSON.stringify(body))}`)
  return { lang: 'Shell', label: 'curl', source: parts.join(' \\\n  ') }
}

/** The curl example of an operation, or undefined for operations without one. */
export function codeSampleFor(method: string, path: string, origin: string): CodeSample | undefined {
  const url = `${origin}${path.replace('{id}', '<id>')}`
  const tool = /^\/api\/tools\/([\w-]+)$/.exec(path)?.[1]
  const example = tool && findContract(tool)?.example
  if (example && method === 'post') return curl('POST', url, { body: example })
  const bulk = /^\/api\/bulk\/([\w-]+)$/.exec(path)?.[1]
  const bulkExample = bulk && findContract(bulk)?.example
  if (bulkExample && method === 'post') {
    const { input, options } = bulkExample
    // -N: print each NDJSON row as it arrives.
    const sample = curl('POST', url, { body: { inputs: [input, 'example.org'], options } })
    return { ...sample, source: sample.source.replace('curl ', 'curl -N ') }
  }
  if (path === '/api/results' && method === 'post') return curl('POST', url, { body: { runId: '<runId>' } })
  if (path === '/api/results/{id}' && method === 'get') return curl('GET', url, { auth: false })
  if (path === '/api/results/{id}' && method === 'patch') return curl('PATCH', url, { body: { pinned: true } })
  if (path === '/api/results/{id}' && method === 'delete') return curl('DELETE', url)
  // Tokens are managed from a browser session only: no script example.
  if (path.startsWith('/api/tokens')) return undefined
  if (path.startsWith('/api/')) return curl(method.toUpperCase(), url, { auth: method !== 'get' || path !== '/api/ip' })
  return undefined
}
