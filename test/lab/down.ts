// Removes a hand-run lab (test/lab/up.ts) that was not stopped cleanly, and any lab namespaces
// whose owning test process is gone. Run as root: node test/lab/down.ts
import { deleteNamespace, listNamespaces, NAME_PATTERN, namespacePids, removeStaleNamespaces } from './namespaces.ts'

const manual = (await listNamespaces()).filter((name) => NAME_PATTERN.exec(name)?.[1] === 'manual')
for (const ns of manual) {
  // Processes in these namespaces were started by up.ts (Knot, the app).
  for (const pid of await namespacePids(ns)) {
    try {
      process.kill(pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
  await deleteNamespace(ns)
}
const stale = await removeStaleNamespaces('manual')
const removed = [...new Set([...manual, ...stale])]
console.log(removed.length ? `Removed ${removed.join(', ')}` : 'No lab namespaces to remove.')
