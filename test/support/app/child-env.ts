// The settings of the test run that every Node.js process the tests start shares, besides its own:
// Node's compile cache (set for the run by vitest.config.ts), so a site, probe or CLI process does
// not compile the same modules again. Helpers that give a child only the settings it needs add these.
export function sharedNodeSettings(): Record<string, string> {
  const cache = process.env.NODE_COMPILE_CACHE
  return cache ? { NODE_COMPILE_CACHE: cache } : {}
}
