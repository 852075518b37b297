import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { precompress } from './scripts/precompress.ts'

const apiTarget = 'http://127.0.0.1:8080'

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    // The app's zod is the library set up for the site's Content-Security-Policy (src/web/app/zod.ts).
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/web/app/zod.ts', import.meta.url)) }],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
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
