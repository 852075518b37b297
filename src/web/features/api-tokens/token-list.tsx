// The dashboard's list of API tokens: name, hint, scopes, creation, expiry and last use, and Revoke.
import { format } from 'date-fns'
import { Trash2 } from 'lucide-react'
import type { ApiTokenItem } from '../../../shared/api-tokens.ts'
import { Button } from '../../components/button.tsx'
import { expiryWords, isExpired, lastUsedWords } from './token-words.ts'

export interface TokenListProps {
  tokens: ApiTokenItem[]
  onRevoke(id: string): void
  revoking: boolean
}

export function TokenList({ tokens, onRevoke, revoking }: TokenListProps) {
  const now = new Date()
  return (
    <ul className="mt-4 divide-y divide-border rounded-lg border border-border" aria-label="Your API tokens">
      {tokens.map((token) => (
        <li key={token.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 font-medium break-all">
              {token.name}
              {isExpired(token.expiresAt, now) && (
                <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800 dark:bg-red-950 dark:text-red-200">
                  Expired
                </span>
              )}
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-1">
              <span className="sr-only">Scopes:</span>
              {token.scopes.map((scope) => (
                <code
                  key={scope}
                  className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs"
                  data-testid="token-scope"
                >
                  {scope}
                </code>
              ))}
            </p>
            <p className="mt-1 text-xs text-muted-foreground">
              <code className="font-mono">{token.hint}</code> · created{' '}
              {format(new Date(token.createdAt), 'MMM d, yyyy')} ·{' '}
              {token.expiresAt ? (
                <time dateTime={token.expiresAt} title={token.expiresAt}>
                  {expiryWords(token.expiresAt, now)}
                </time>
              ) : (
                expiryWords(null, now)
              )}{' '}
              · {lastUsedWords(token.lastUsedAt)}
            </p>
          </div>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onRevoke(token.id)}
            disabled={revoking}
            aria-label={`Revoke token ${token.name}`}
          >
            <Trash2 aria-hidden="true" />
            Revoke
          </Button>
        </li>
      ))}
    </ul>
  )
}
