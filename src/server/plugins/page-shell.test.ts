import { describe, expect, it } from 'vitest'
import { catalogue } from '../../shared/catalogue.ts'
import { homeHero, pageHeadFor } from '../../shared/page-meta.ts'
import { withPageShell } from './page-shell.ts'

const TEMPLATE = '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>'

describe('withPageShell()', () => {
  it('puts the header and the home hero inside #root of the home page', () => {
    const html = withPageShell(TEMPLATE, pageHeadFor('/'))
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'))
    expect(root).toContain('<span class="text-base">NetToolbox</span>')
    expect(root).toContain(`>${homeHero.heading}</h1>`)
    expect(root).toContain(`>${homeHero.lead}</p>`)
    expect(root.match(/<h1/g)).toHaveLength(1)
  })

  it("puts a tool page's name as its heading and its description under it", () => {
    const dns = catalogue.find((entry) => entry.id === 'dns')
    if (!dns) throw new Error('no dns entry')
    const html = withPageShell(TEMPLATE, pageHeadFor(`/${dns.route}`))
    expect(html).toContain('All tools</a>')
    expect(html).toContain(`>${dns.name}</h1>`)
    expect(html).toContain(
      `<p class="mt-1 text-sm text-muted-foreground">${dns.description.replace(/&/g, '&amp;')}</p>`,
    )
  })

  it('escapes the texts it writes', () => {
    const head = { ...pageHeadFor('/dns-lookup'), entry: { ...catalogue[0], name: '<b>&', description: '"x"' } }
    const html = withPageShell(TEMPLATE, head as ReturnType<typeof pageHeadFor>)
    expect(html).toContain('>&lt;b&gt;&amp;</h1>')
    expect(html).toContain('>&quot;x&quot;</p>')
  })

  it('gives other pages the header and an empty main, and leaves a template without an empty #root as it is', () => {
    const html = withPageShell(TEMPLATE, pageHeadFor('/auth'))
    expect(html).toContain(
      '<main id="main" class="mx-auto min-h-screen w-full max-w-[1600px] flex-1 px-3 py-8 sm:px-6 sm:py-10"></main>',
    )
    expect(html).not.toContain('<h1')
    const other = '<body><div id="app"></div></body>'
    expect(withPageShell(other, pageHeadFor('/'))).toBe(other)
  })
})
