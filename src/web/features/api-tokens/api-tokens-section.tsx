// The dashboard's API tokens: create one with its scopes and lifetime (its secret shown once, with
// Copy), list them, revoke one.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Copy, KeyRound, Plus } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { toast } from 'sonner'
import {
  apiTokenList,
  type CreatedToken,
  type CreateTokenRequest,
  createdToken,
  TOKEN_EXPIRY_DAYS,
  TOKEN_SCOPE_LABELS,
  TOKEN_SCOPES,
  type TokenScope,
  tokenName,
} from '../../../shared/api-tokens.ts'
import { Button } from '../../components/button.tsx'
import { Field } from '../../components/field.tsx'
import { Input, Select } from '../../components/input.tsx'
import { ApiError } from '../../lib/api.ts'
import { requestJson } from '../../lib/api-request.ts'
import { copyToClipboard } from '../../lib/result-export.ts'
import { TokenList } from './token-list.tsx'

const TOKENS_KEY = ['api-tokens']
const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback)

export function ApiTokensSection() {
  const nameId = useId()
  const queryClient = useQueryClient()
  const [name, setName] = useState('')
  const [nameError, setNameError] = useState<string | null>(null)
  const [scopes, setScopes] = useState<TokenScope[]>([...TOKEN_SCOPES])
  const [scopeError, setScopeError] = useState<string | null>(null)
  const [expiry, setExpiry] = useState('90')
  const [created, setCreated] = useState<CreatedToken | null>(null)
  const tokens = useQuery({
    queryKey: TOKENS_KEY,
    queryFn: async () => apiTokenList.parse(await requestJson('GET', '/api/tokens')).items,
  })
  const create = useMutation({
    mutationFn: async (request: CreateTokenRequest) =>
      createdToken.parse(await requestJson('POST', '/api/tokens', request)),
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
    setNameError(parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Give the token a name'))
    setScopeError(scopes.length === 0 ? 'Choose at least one scope' : null)
    if (!parsed.success || scopes.length === 0) return
    create.mutate({ name: parsed.data, scopes, expiresInDays: expiry === 'never' ? null : Number(expiry) })
  }

  function toggleScope(scope: TokenScope, on: boolean) {
    setScopes((current) => TOKEN_SCOPES.filter((s) => (s === scope ? on : current.includes(s))))
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
        higher rate limits, for what its scopes allow until it expires. See the{' '}
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
        <Field id={`${nameId}-expiry`} label="Expires" className="w-44">
          <Select id={`${nameId}-expiry`} value={expiry} onChange={(event) => setExpiry(event.target.value)}>
            {TOKEN_EXPIRY_DAYS.map((days) => (
              <option key={days} value={String(days)}>
                in {days} days
              </option>
            ))}
            <option value="never">never</option>
          </Select>
        </Field>
        {nameError && (
          <p id={`${nameId}-error`} role="alert" className="w-full text-sm font-medium text-red-600 dark:text-red-400">
            {nameError}
          </p>
        )}
        <fieldset
          className="w-full"
          aria-invalid={scopeError !== null}
          aria-describedby={scopeError ? `${nameId}-scope-error` : undefined}
        >
          <legend className="text-sm font-medium">Scopes</legend>
          <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
            {TOKEN_SCOPES.map((scope) => (
              <label key={scope} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={scopes.includes(scope)}
                  onChange={(event) => toggleScope(scope, event.target.checked)}
                />
                <code className="font-mono">{scope}</code>
                <span className="text-muted-foreground">{TOKEN_SCOPE_LABELS[scope]}</span>
              </label>
            ))}
          </div>
          {scopeError && (
            <p
              id={`${nameId}-scope-error`}
              role="alert"
              className="mt-1 text-sm font-medium text-red-600 dark:text-red-400"
            >
              {scopeError}
            </p>
          )}
        </fieldset>
        <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
          <Plus aria-hidden="true" />
          Create token
        </Button>
      </form>
      {created && (
        <div role="status" className="mt-4 rounded-lg border border-border bg-muted p-4 text-sm">
          <p className="font-medium">Copy your new token “{created.name}” now: it will not be shown again.</p>
          <p className="mt-1 text-muted-foreground">
            Scopes: {created.scopes.join(', ')} · {created.expiresAt ? `expires ${created.expiresAt}` : 'never expires'}
          </p>
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
        <TokenList tokens={tokens.data} onRevoke={(id) => revoke.mutate(id)} revoking={revoke.isPending} />
      )}
    </section>
  )
}
