// The web build's `zod` (vite.config.ts points the bare import here): the library itself, set up
// before any schema of the app parses. Zod compiles object parsers with `new Function` when it may,
// and probes for it with a test call that the site's Content-Security-Policy (no 'unsafe-eval')
// refuses and the browser reports as a policy violation. The app parses small answers: the
// interpreted parsers are fast enough. Being the module every schema imports, this runs first
// wherever zod is used, and zod loads only with the code that needs it (not with a page's first script).
import { z } from 'zod/v4'

z.config({ jitless: true })

export * from 'zod/v4'
export default z
