import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { precompress } from './scripts/precompress.ts'

const apiTarget = 'http://127.0.0.1:8080'

/**
 * The app's chunk (src/web/app/app.tsx, which main.tsx imports once React is evaluated) and the
 * chunks it imports, preloaded from the page beside the entry: fetched and compiled while the entry
 * runs, so that splitting the start into two tasks adds no round trips. The server's loader carries
 * these links over (src/server/plugins/boot-script.ts).
 */
function preloadAppChunk(): Plugin {
  return {
    name: 'preload-app-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).flatMap((output) => (output.type === 'chunk' ? [output] : []))
        const app = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/web/app/app.tsx'))
        if (!app) throw new Error('The build has no chunk of src/web/app/app.tsx to preload')
        const files = new Set<string>()
        const add = (file: string) => {
          if (files.has(file) || html.includes(`/${file}"`)) return
          files.add(file)
          for (const imported of chunks.find((chunk) => chunk.fileName === file)?.imports ?? []) add(imported)
        }
        add(app.fileName)
        const links = [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        return html.replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`)
      },
    },
  }
}

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss(), preloadAppChunk(), precompress()],
  resolve: {
    // The app's zod is the library set up for the site's Content-Security-Policy (src/web/app/zod.ts).
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/web/app/zod.ts', import.meta.url)) }],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // React DOM in a chunk of its own, not hoisted into one function with the page's entry:
        // Chromium's tracing (Lighthouse's, the page-load bench's) collects the source positions of
        // every script on the stack where the entry touches the page (the theme's class, the app's
        // import), which re-parsed the whole 220 kB chunk: 80 ms of a 95 ms task on this host. The
        // entry is now a few lines of its own.
        codeSplitting: {
          groups: [{ name: 'react-dom', test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/ }],
        },
      },
    },
    modulePreload: {
      // The page's own script and its imports are preloaded from the HTML (the page's loader). A chunk
      // loaded later (a tool's panel, a lazily drawn part) brings its imports in by itself, as the
      // browser finds them: Vite's default would instead add a <link rel="modulepreload"> to the page
      // for each of them at the moment of the import, 25-30 for a tool panel, in one task that held
      // the main thread 30-40 ms on a two-core host as a tool page started (each link starts a
      // request from the main thread). The price is a chain of requests: a chunk's imports are
      // fetched once the chunk itself has arrived, a few round trips for a tool panel instead of one.
      // Stylesheets a chunk needs are still added as links at the import.
      resolveDependencies: (_file, dependencies, { hostType }) =>
        hostType === 'html' ? dependencies : dependencies.filter((file) => file.endsWith('.css')),
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/healthz': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: { host: '127.0.0.1' },
})
