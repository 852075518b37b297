// Shares made from this browser, kept in localStorage so that their page offers Unshare: the
// deleteToken of an anonymous share, or "" for a signed-in account's share (its session suffices).
const KEY = 'nettoolbox.shares'

function read(): Record<string, string> {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? '{}')
    return value && typeof value === 'object' ? (value as Record<string, string>) : {}
  } catch {
    return {}
  }
}

function write(shares: Record<string, string>) {
  try {
    localStorage.setItem(KEY, JSON.stringify(shares))
  } catch {
    // Storage full or disabled: the share still works; only Unshare from this browser is lost.
  }
}

/** A share made again (no new token) keeps the deleteToken remembered from the first time. */
export function rememberShare(id: string, deleteToken: string | undefined) {
  const shares = read()
  write({ ...shares, [id]: deleteToken ?? shares[id] ?? '' })
}

/** The share's deleteToken ("" for an account's share), or undefined when not made here. */
export function ownShare(id: string): string | undefined {
  return read()[id]
}

export function forgetShare(id: string) {
  const { [id]: _gone, ...rest } = read()
  write(rest)
}
