import { describe, expect, it } from 'vitest'
import { domainWithPortInput, isDomainWithPort, messages, normalizeWebsiteUrl, websiteUrlInput } from './validation.ts'

describe('the SSL check target', () => {
  it.each(['example.com', 'example.com:443', 'mail.example.co.uk:8443', 'example.com:1'])('accepts %s', (value) => {
    expect(isDomainWithPort(value)).toBe(true)
  })
  it.each([
    'example.com:0',
    'example.com:65536',
    'example.com:',
    '1.2.3.4',
    '1.2.3.4:443',
    'bad_domain!:443',
    'a:b:c',
    ':443',
  ])('rejects %j', (value) => expect(isDomainWithPort(value)).toBe(false))
  it('gives "Invalid domain format" and the blank toast text', () => {
    expect(domainWithPortInput.safeParse('example.com:99999').error?.issues[0]?.message).toBe('Invalid domain format')
    expect(domainWithPortInput.safeParse(' ').error?.issues[0]?.message).toBe(messages.blank)
  })
})

describe('the website check URL', () => {
  it('prepends https:// when no scheme is given, and keeps http:// and https://', () => {
    expect(normalizeWebsiteUrl('example.com')).toBe('https://example.com/')
    expect(normalizeWebsiteUrl('example.com:8080/a?b=1')).toBe('https://example.com:8080/a?b=1')
    expect(normalizeWebsiteUrl('http://example.com')).toBe('http://example.com/')
    expect(normalizeWebsiteUrl('HTTPS://Example.COM/x')).toBe('https://example.com/x')
  })
  it('refuses other schemes, credentials and non-URLs', () => {
    for (const value of [
      'ftp://example.com',
      'javascript://alert(1)',
      'http://user:pw@example.com/',
      'exa mple.com',
      'http://',
    ]) {
      expect(normalizeWebsiteUrl(value), value).toBeNull()
    }
  })
  it('gives "Please enter a URL" for blank input and returns the normalised URL', () => {
    expect(websiteUrlInput.safeParse('   ').error?.issues[0]?.message).toBe('Please enter a URL')
    expect(websiteUrlInput.safeParse('ftp://x.example').error?.issues[0]?.message).toBe('Please enter a valid URL')
    expect(websiteUrlInput.parse(' example.com ')).toBe('https://example.com/')
  })
})
