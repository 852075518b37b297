// Builds the published package's only file, dist/nettoolbox.js: the CLI with everything it imports
// (the tool schemas of src/shared, zod, commander) in one ES module, so an installed copy needs
// nothing but Node. `npm pack` and `npm publish` run it (prepack).
import { chmod } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'rolldown'

const cliRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** Where to write it: dist/nettoolbox.js, or the path given as the first argument. */
const output = path.resolve(process.argv[2] ?? path.join(cliRoot, 'dist/nettoolbox.js'))

await build({
  input: path.join(cliRoot, 'src/main.ts'),
  platform: 'node',
  output: { file: output, format: 'esm', minify: false },
})
await chmod(output, 0o755)
process.stderr.write(`wrote ${path.relative(process.cwd(), output)}\n`)
