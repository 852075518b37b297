// The dashboard's API tokens: create one (its secret shown once, with Copy), list them, revoke one.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { format } from 'date-fns'
import { Copy, KeyRound, Plus, Trash2 } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { toast } from 'sonner'
import { apiTokenList, type CreatedToken, createdToken, tokenName } from '../../../shared/api-tokens.ts'
import { Button } from '../../components/button.tsx'
import { Field } from '../../components/field.tsx'
import { Input } from '../../components/input.tsx'
import { ApiError } from '../../lib/api.ts'
import { requestJson } from '../../lib/api-request.ts'
import { copyToClipboard } from '../../lib/result-export.ts'

const TOKENS_KEY = ['api-tokens']
const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback)

export function ApiTokensSection() {
  const nameId = useId()
  const queryClient = useQueryClient()
  const [name, setName] = useState('')
  const [nameError, setNameError] = useState<string | null>(null)
  const [created, setCreated] = useState<CreatedToken | null>(null)
  const tokens = useQuery({
    queryKey: TOKENS_KEY,
    queryFn: async () => apiTokenList.parse(await requestJson('GET', '/api/tokens')).items,
  })
  const create = useMutation({
    mutationFn: async (tokenLabel: string) =>
      createdToken.parse(await requestJson('POST', '/api/tokens', { name: tokenLabel })),
    onSuccess: (token) => {
      setCreated(token)
      setName('')
      void queryClient.invalidateQueries({ queryKey: TOKENS_KEY })
    },
    onError: (error) => toast.error(messageOf(error, 'Could not create the token')),
  })
  const revoke = useMutation({
    mutationFn: (id: string) => requestJson('DELETE', `/api/tokens/${encodeURIComponent(id)}`),
    onSuccess: (_data, id) => {
      if (created?.id === id) setCreated(null)
      toast.success('Token revoked: requests with it are refused from now on')
      void queryClient.invalidateQueries({ queryKey: TOKENS_KEY })
    },
    onError: (error) => toast.error(messageOf(error, 'Could not revoke the token')),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = tokenName.safeParse(name)
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? 'Give the token a name')
      return
    }
    setNameError(null)
    create.mutate(parsed.data)
  }

  async function copy(token: string) {
    try {
      await copyToClipboard(token)
      toast.success('Token copied to clipboard')
    } catch {
      toast.error('Could not copy to the clipboard')
    }
  }

  return (
    <section aria-labelledby={`${nameId}-heading`} className="mt-10 border-t border-border pt-8">
      <h2 id={`${nameId}-heading`} className="flex items-center gap-2 text-lg font-semibold">
        <KeyRound aria-hidden="true" className="size-5" />
        API tokens
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Scripts send a token as <code className="font-mono">Authorization: Bearer …</code> and act as your account, with
        higher rate limits. See the{' '}
        <a href="/docs/api" className="underline">
          API reference
        </a>
        .
      </p>
      <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-2" noValidate>
        <Field id={nameId} label="Token name" className="min-w-48 flex-1">
          <Input
            id={nameId}
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="e.g. CI pipeline"
            maxLength={80}
            aria-invalid={nameError !== null}
            aria-describedby={nameError ? `${nameId}-error` : undefined}
          />
        </Field>
        <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
          <Plus aria-hidden="true" />
          Create token
        </Button>
        {nameError && (
          <p id={`${nameId}-error`} role="alert" className="w-full text-sm font-medium text-red-600 dark:text-red-400">
            {nameError}
          </p>
        )}
      </form>
      {created && (
        <div role="status" className="mt-4 rounded-lg border border-border bg-muted p-4 text-sm">
          <p className="font-medium">Copy your new token “{created.name}” now: it will not be shown again.</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code data-testid="new-api-token" className="min-w-0 flex-1 font-mono break-all">
              {created.token}
            </code>
            <Button variant="outline" size="sm" onClick={() => copy(created.token)}>
              <Copy aria-hidden="true" />
              Copy
            </Button>
          </div>
        </div>
      )}
      {tokens.isError && (
        <p role="alert" className="mt-4 text-sm font-medium text-red-600 dark:text-red-400">
          {messageOf(tokens.error, 'Could not load your tokens')}
        </p>
      )}
      {tokens.data && tokens.data.length === 0 && (
        <p className="mt-4 text-sm text-muted-foreground">No API tokens yet.</p>
      )}
      {tokens.data && tokens.data.length > 0 && (
        <ul className="mt-4 divide-y divide-border rounded-lg border border-border" aria-label="Your API tokens">
          {tokens.data.map((token) => (
            <li key={token.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium break-all">{token.name}</p>
                <p className="text-xs text-muted-foreground">
                  <code className="font-mono">{token.hint}</code> · created{' '}
                  {format(new Date(token.createdAt), 'MMM d, yyyy')}
                  {' · '}
                  {token.lastUsedAt ? `last used ${format(new Date(token.lastUsedAt), 'MMM d, HH:mm')}` : 'never used'}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => revoke.mutate(token.id)}
                disabled={revoke.isPending}
                aria-label={`Revoke token ${token.name}`}
              >
                <Trash2 aria-hidden="true" />
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
