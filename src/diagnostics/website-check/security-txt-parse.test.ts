import { describe, expect, it } from 'vitest'
import { fieldValues, parseRfc3339, parseSecurityTxt } from './security-txt-parse.ts'

// The field examples of RFC 9116 §2.5, one file.
const RFC_FIELDS = [
  '# This is a comment.',
  'Acknowledgments: https://example.com/hall-of-fame.html',
  'Canonical: https://www.example.com/.well-known/security.txt',
  'Contact: mailto:security@example.com',
  'Contact: tel:+1-201-555-0123',
  'Contact: https://example.com/security-contact.html',
  'Encryption: https://example.com/pgp-key.txt',
  'Encryption: dns:5d2d37ab76d47d36._openpgpkey.example.com?type=OPENPGPKEY',
  'Encryption: openpgp4fpr:5f2de5521c63a801ab59ccb603d49de44b8a4bd8',
  'Expires: 2021-12-31T18:37:07z',
  'Hiring: https://example.com/jobs.html',
  'Policy: https://example.com/disclosure.html',
  'Preferred-Languages: en, es, fr',
].join('\r\n')

// The signed example of RFC 9116 §2.3 (its signature block abridged).
const RFC_SIGNED = `-----BEGIN PGP SIGNED MESSAGE-----
Hash: SHA256

# Canonical URI
Canonical: https://example.com/.well-known/security.txt

# Our security address
Contact: mailto:security@example.com

# Our OpenPGP key
Encryption: https://example.com/pgp-key.txt

# Our security policy
Policy: https://example.com/security-policy.html

# Our security acknowledgments page
Acknowledgments: https://example.com/hall-of-fame.html

Expires: 2021-12-31T18:37:07.000Z
- -----not a field, dash-escaped-----
-----BEGIN PGP SIGNATURE-----
Version: GnuPG v2.2

iQIzBAEBCAAdFiEE0qV8bYhj1I8wuJqEUjXoKKB6rZgFAmBwYbMACgkQUjXoKKB6
=abcd
-----END PGP SIGNATURE-----
`

describe('parseSecurityTxt()', () => {
  it('reads every field example of RFC 9116 §2.5, CRLF line ends and comments included', () => {
    const parsed = parseSecurityTxt(RFC_FIELDS)
    expect(parsed.signed).toBe(false)
    expect(parsed.problems).toEqual([])
    expect(fieldValues(parsed, 'contact')).toEqual([
      'mailto:security@example.com',
      'tel:+1-201-555-0123',
      'https://example.com/security-contact.html',
    ])
    expect(fieldValues(parsed, 'Encryption')).toHaveLength(3)
    expect(fieldValues(parsed, 'EXPIRES')).toEqual(['2021-12-31T18:37:07z'])
    expect(fieldValues(parsed, 'Preferred-Languages')).toEqual(['en, es, fr'])
    expect(fieldValues(parsed, 'Canonical')).toEqual(['https://www.example.com/.well-known/security.txt'])
    expect(parsed.fields.find((f) => f.name === 'Hiring')?.line).toBe(11)
  })

  it('unwraps the signed example of RFC 9116 §2.3: fields of the signed text only, dash-escaping undone', () => {
    const parsed = parseSecurityTxt(RFC_SIGNED)
    expect(parsed.signed).toBe(true)
    expect(parsed.signatureBlock).toBe(true)
    expect(parsed.fields.map((f) => f.name)).toEqual([
      'Canonical',
      'Contact',
      'Encryption',
      'Policy',
      'Acknowledgments',
      'Expires',
    ])
    expect(fieldValues(parsed, 'Version')).toEqual([])
    expect(parsed.fields[0]?.line).toBe(5)
    expect(parsed.problems).toEqual(['line 20 is not "Field: value": -----not a field, dash-escaped-----'])
  })

  it('tells a signed-message header without its signature block', () => {
    const cut = RFC_SIGNED.slice(0, RFC_SIGNED.indexOf('-----BEGIN PGP SIGNATURE-----'))
    const parsed = parseSecurityTxt(cut)
    expect(parsed.signed).toBe(true)
    expect(parsed.signatureBlock).toBe(false)
    expect(fieldValues(parsed, 'Contact')).toEqual(['mailto:security@example.com'])
  })

  it('names the lines that are not fields, and skips a byte-order mark', () => {
    const parsed = parseSecurityTxt('\uFEFFContact: mailto:a@example.com\n<html>\nno colon here\n')
    expect(fieldValues(parsed, 'Contact')).toEqual(['mailto:a@example.com'])
    expect(parsed.problems).toEqual([
      'line 2 is not "Field: value": <html>',
      'line 3 is not "Field: value": no colon here',
    ])
  })
})

describe('parseRfc3339()', () => {
  it('accepts the internet date-time forms RFC 9116 uses and refuses others', () => {
    expect(parseRfc3339('2021-12-31T18:37:07.000Z')?.toISOString()).toBe('2021-12-31T18:37:07.000Z')
    expect(parseRfc3339('2021-12-31T18:37:07z')?.toISOString()).toBe('2021-12-31T18:37:07.000Z')
    expect(parseRfc3339('2021-12-31T20:37:07+02:00')?.toISOString()).toBe('2021-12-31T18:37:07.000Z')
    expect(parseRfc3339('2021-12-31')).toBeNull()
    expect(parseRfc3339('Fri, 31 Dec 2021 18:37:07 GMT')).toBeNull()
    expect(parseRfc3339('2021-13-45T18:37:07Z')).toBeNull()
  })
})
