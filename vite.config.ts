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
