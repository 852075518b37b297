// npm start: build the web bundle if needed, then run the server (it applies migrations).
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureWebBundle } from './web-bundle.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root)
await ensureWebBundle(root)
await import('../src/server/server.ts')
