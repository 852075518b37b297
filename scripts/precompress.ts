// A Vite build step: writes a brotli (.br) and a gzip (.gz) copy beside every text file of the
// bundle worth compressing, once, at the highest levels, so the server never compresses per
// request. The server picks the copy the browser accepts (Accept-Encoding).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|map|txt|xml|webmanifest)$/
/** Smaller files gain too little to be worth a second request path. */
const MIN_BYTES = 1024

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    return statSync(full).isDirectory() ? filesUnder(full) : [full]
  })
}

export function precompressBundle(outDir: string): { files: number; bytes: number; brotliBytes: number } {
  let files = 0
  let bytes = 0
  let brotliBytes = 0
  for (const file of filesUnder(outDir)) {
    if (!COMPRESSIBLE.test(file)) continue
    const content = readFileSync(file)
    if (content.length < MIN_BYTES) continue
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    })
    const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION })
    if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli)
    if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip)
    files++
    bytes += content.length
    brotliBytes += Math.min(brotli.length, content.length)
  }
  return { files, bytes, brotliBytes }
}

export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'nettoolbox-precompress',
    apply: 'build',
    configResolved(config) {
      // The server's renderer (an SSR build) is read from disk by the server, never sent.
      outDir = config.build.ssr ? '' : path.resolve(config.root, config.build.outDir)
    },
    closeBundle() {
      if (outDir) precompressBundle(outDir)
    },
  }
}
