// Process entry: read config, open the database, listen, and shut down gracefully on signals.
import { ConfigError, loadConfig } from './config.ts'
import { startApp } from './context.ts'

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
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    app.log.info({ signal }, 'shutting down')
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    await app.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
  if (config.socketPath) await app.listen({ path: config.socketPath })
  else await app.listen({ port: config.port, host: config.host })
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
