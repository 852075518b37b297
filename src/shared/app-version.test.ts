import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { APP_VERSION, APP_VERSION_LABEL } from './app-version.ts'

const versionOf = (file: string) =>
  (JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as { version: string }).version

describe('APP_VERSION', () => {
  it('is the version of the app package and of the CLI package', () => {
    expect(versionOf('../../package.json')).toBe(APP_VERSION)
    expect(versionOf('../../cli/package.json')).toBe(APP_VERSION)
  })

  it('is labelled with its major and minor numbers', () => {
    expect(APP_VERSION_LABEL).toMatch(/^V\.\d+\.\d+$/)
    expect(APP_VERSION.startsWith(APP_VERSION_LABEL.slice(2))).toBe(true)
  })
})
