// Process entry: read config, open the database, listen, and shut down gracefully on signals
// (src/server/shutdown/graceful-stop.ts).
import { ConfigError, loadConfig } from './config.ts'
import { startApp } from './context.ts'
import { createGracefulStop } from './shutdown/graceful-stop.ts'

async function main() {
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const app = await startApp(config)
  const stop = createGracefulStop({
    app,
    notice: app.shutdownNotice,
    graceMs: config.shutdownGraceMs,
    exit: (code) => process.exit(code),
  })
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
  if (config.socketPath) await app.listen({ path: config.socketPath })
  else await app.listen({ port: config.port, host: config.host })
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
