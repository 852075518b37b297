import { describe, expect, it } from 'vitest'
import { catalogue } from '../../shared/catalogue.ts'
import { paths, toolPath } from './routes.ts'

describe('toolPath()', () => {
  it('gives the product routes for entries whose id and route differ', () => {
    expect(toolPath({ route: 'dns-lookup' })).toBe('/dns-lookup')
    expect(toolPath({ route: 'reverse-phone-lookup' })).toBe('/reverse-phone-lookup')
  })

  it('gives every catalogue entry its own path, apart from the app pages', () => {
    const toolPaths = catalogue.map(toolPath)
    const appPaths: string[] = [paths.home, paths.auth, paths.benefits, paths.dashboard]
    expect(new Set(toolPaths).size).toBe(catalogue.length)
    expect(toolPaths.filter((path) => appPaths.includes(path))).toEqual([])
  })
})
