// Share: turns the run on screen into a permalink (POST /api/results with its runId), copies the
// link and shows it, so that it can be opened or passed on, and says when the link expires.
import { Check, Share2 } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { type ShareCreated, shareCreated } from '../../shared/results.ts'
import { ApiError, postJson } from '../lib/api.ts'
import { rememberShare } from '../lib/own-shares.ts'
import { copyToClipboard } from '../lib/result-export.ts'
import { shareExpiryText } from '../lib/share-expiry.ts'

export interface ShareButtonProps {
  runId: string
  className: string
}

export function ShareButton({ runId, className }: ShareButtonProps) {
  const [shared, setShared] = useState<ShareCreated | null>(null)
  const [busy, setBusy] = useState(false)

  async function share() {
    setBusy(true)
    try {
      const created = shareCreated.parse(await postJson('/api/results', { runId }))
      rememberShare(created.id, created.deleteToken)
      setShared(created)
      const copied = await copyToClipboard(created.url).then(
        () => true,
        () => false,
      )
      toast.success(copied ? 'Link copied to clipboard' : 'Shared', {
        description:
          created.expiresAt === undefined ? created.url : `${created.url}\n${shareExpiryText(created.expiresAt)}`,
      })
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Could not share this result')
    } finally {
      setBusy(false)
    }
  }

  if (shared) {
    return (
      <span className="inline-flex flex-wrap items-center gap-2">
        <a
          href={shared.url}
          className={className}
          target="_blank"
          rel="noopener"
          aria-label="Open shared result (opens in a new tab)"
        >
          <Check aria-hidden="true" />
          Shared
        </a>
        {shared.expiresAt !== undefined && (
          <span className="text-xs text-muted-foreground" data-testid="share-expiry">
            {shareExpiryText(shared.expiresAt)}
          </span>
        )}
      </span>
    )
  }
  return (
    <button type="button" className={className} onClick={share} disabled={busy} aria-busy={busy}>
      <Share2 aria-hidden="true" />
      Share
    </button>
  )
}
