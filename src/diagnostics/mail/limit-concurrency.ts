// Runs async tasks with at most `limit` of them at once; a finishing task hands its slot on.
export function limitConcurrency(limit: number) {
  let running = 0
  const queue: (() => void)[] = []
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running < limit) running++
    else await new Promise<void>((resolve) => queue.push(resolve))
    try {
      return await task()
    } finally {
      const next = queue.shift()
      if (next) next()
      else running--
    }
  }
}
