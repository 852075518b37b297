import { describe, expect, it } from 'vitest'
import { pageHeadFor } from '../../shared/page-meta.ts'
import { completeMarkup, isRenderedPage, loadPageRenderer, withRenderedPage } from './page-render.ts'

describe('page rendering on the server', () => {
  it('renders the home page and the tools, not the other pages', () => {
    expect(isRenderedPage(pageHeadFor('/'))).toBe(true)
    expect(isRenderedPage(pageHeadFor('/dns-lookup'))).toBe(true)
    expect(isRenderedPage(pageHeadFor('/dns-lookup/'))).toBe(true)
    for (const other of [
      '/auth',
      '/benefits',
      '/dashboard',
      '/dig-gui',
      '/speed-test',
      '/reverse-phone-lookup',
      '/nope',
    ])
      expect(isRenderedPage(pageHeadFor(other)), other).toBe(false)
  })

  it('refuses markup that leaves work to an inline script', () => {
    expect(completeMarkup('<div><p>ok</p></div>')).toBe('<div><p>ok</p></div>')
    expect(() => completeMarkup('<div><!--$?--><template id="B:0"></template></div>')).toThrow(/inline script/)
    expect(() => completeMarkup('<div></div><script>$RC("B:0","S:0")</script>')).toThrow(/inline script/)
  })

  it('puts the markup in #root, marked with its path and, when so, signed out', () => {
    const html = '<body><div id="root"></div></body>'
    expect(withRenderedPage(html, '/ping', '<p>$&</p>', true)).toBe(
      '<body><div id="root" data-rendered="/ping" data-auth="signed-out"><p>$&</p></div></body>',
    )
    expect(withRenderedPage(html, '/', '<p></p>', false)).toBe(
      '<body><div id="root" data-rendered="/"><p></p></div></body>',
    )
  })

  it('has no renderer where none was built, and says why one does not load', async () => {
    expect(await loadPageRenderer('/nonexistent/web')).toBeNull()
  })
})
