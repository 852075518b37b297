// docs/product.md stays true: every catalogue entry (route, name, label, button) and every input and
// account message the code uses is written there as the code has it.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { authMessages } from '../../src/shared/auth.ts'
import { catalogue } from '../../src/shared/catalogue.ts'
import { messages } from '../../src/shared/validation.ts'

const doc = readFileSync(new URL('../../docs/product.md', import.meta.url), 'utf8')
const rows = doc.split('\n').filter((line) => line.startsWith('| `/'))

describe('docs/product.md', () => {
  it.each(catalogue.map((entry) => [entry.id, entry]))(
    'lists the catalogue entry %s as the code has it',
    (_id, entry) => {
      const row = rows.find((line) => line.startsWith(`| \`/${entry.route}\``))
      expect(row, `no row for /${entry.route}`).toBeDefined()
      const cells = (row ?? '').split('|').map((cell) => cell.trim())
      expect(cells.slice(2, 6)).toEqual([entry.name, entry.kind, entry.label ?? '—', entry.button ?? '—'])
    },
  )

  it('writes every input and account message exactly', () => {
    for (const text of [...Object.values(messages), ...Object.values(authMessages)]) expect(doc).toContain(text)
  })
})
