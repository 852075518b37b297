// Permalinks: a tool answer carries `runId`; POST /api/results { runId } answers 201 { id, url }
// (and a deleteToken for a run made without an account, which unshares it).
import { type ShareCreated, shareCreated } from '../../src/shared/results.ts'
import { apiUrl, type ClientSettings, postJson, ServerProblem } from './client.ts'

export async function sharePermalink(settings: ClientSettings, runId: unknown): Promise<ShareCreated> {
  if (typeof runId !== 'string' || runId === '') {
    throw new ServerProblem('the answer has no run id to share (the server could not store this run)')
  }
  const answer = shareCreated.safeParse(await postJson(settings, '/api/results', { runId }))
  if (!answer.success) throw new ServerProblem('the server answered the share request without a link')
  // The link may be written relative to the server.
  return { ...answer.data, url: apiUrl(settings, answer.data.url).toString() }
}

/** The lines printed after a shared result. */
export function shareLines(share: ShareCreated, settings: ClientSettings): string[] {
  const lines = [`Permalink: ${share.url}`]
  if (share.deleteToken) {
    const unshare = apiUrl(settings, `/api/results/${share.id}?deleteToken=${share.deleteToken}`)
    lines.push(`Unshare: curl -X DELETE '${unshare}'`)
  }
  return lines
}
