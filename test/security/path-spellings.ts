// Other spellings of one request path: the ways a router, a proxy or a prefix test may read a path
// differently (percent-escapes, doubled escapes, dot segments, doubled and trailing slashes, case,
// ;parameters, encoded and back slashes, broken escapes, absolute-form targets). Each must reach the
// path's own route and rules, or no route at all.

const hex = (char: string) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`

/** `path` with every letter percent-encoded, in upper-case hex. */
function allLettersEncoded(path: string): string {
  return path.replace(/[a-z]/gi, (char) => hex(char).toUpperCase())
}

/** Spellings of `path` (which starts with /api/), each with a name for the failure message. */
export function spellingsOf(path: string): Array<{ name: string; target: string }> {
  const rest = path.slice('/api'.length)
  const bare = rest.slice(1)
  const last = path.at(-1) ?? ''
  const spellings: Record<string, string> = {
    'a letter of /api encoded': `/%61pi${rest}`,
    'the last letter encoded': `${path.slice(0, -1)}${hex(last)}`,
    'every letter encoded, upper-case hex': allLettersEncoded(path),
    'double encoding': `/%2561pi${rest}`,
    'double encoding of the last letter': `${path.slice(0, -1)}%25${hex(last).slice(1)}`,
    'a leading double slash': `/${path}`,
    'a double slash after /api': `/api/${rest}`,
    'a trailing slash': `${path}/`,
    'a dot segment in front': `/.${path}`,
    'a dot segment after /api': `/api/.${rest}`,
    'an encoded dot segment': `/api/%2e${rest}`,
    'a dot-dot segment in front': `/x/..${path}`,
    'an encoded dot-dot segment in front': `/x/%2e%2e${path}`,
    'a dot-dot segment after /api': `/api/x/..${rest}`,
    'a trailing dot-dot segment': `${path}/x/..`,
    'upper-case /API': `/API${rest}`,
    'the whole path upper-case': path.toUpperCase(),
    'a ;parameter on /api': `/api;x${rest}`,
    'a trailing ;parameter': `${path};x`,
    'an encoded slash after /api': `/api%2f${bare}`,
    'a backslash after /api': `/api\\${bare}`,
    'an encoded backslash after /api': `/api%5c${bare}`,
    'a trailing NUL': `${path}%00`,
    'a trailing encoded space': `${path}%20`,
    'a broken escape': `${path}%zz`,
    'an encoded letter and a lone percent sign': `/%61pi${rest}%`,
    'a query string': `${path}?x=1`,
    'absolute-form, a foreign host': `http://attacker.test${path}`,
    'absolute-form with an encoded letter': `http://attacker.test/%61pi${rest}`,
  }
  return Object.entries(spellings).map(([name, target]) => ({ name, target }))
}
