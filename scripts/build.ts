// npm run build: the browser's bundle (dist/web) and the server's page renderer (dist/ssr).
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildWebBundle } from './web-bundle.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
await buildWebBundle(root, 'info')
