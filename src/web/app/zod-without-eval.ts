// Zod compiles object parsers with `new Function` when it may, and probes for it with a test call
// that the site's Content-Security-Policy (no 'unsafe-eval') refuses and the browser reports as a
// policy violation. The app parses small answers: the interpreted parsers are fast enough.
import { z } from 'zod'

z.config({ jitless: true })
