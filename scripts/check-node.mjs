// Plain JavaScript on purpose: it must run, and explain itself, on any Node version.
const [major] = process.versions.node.split('.').map(Number)
if (major < 22) {
  console.error(
    `NetToolbox needs Node.js 22.12 or newer; this is Node ${process.versions.node}.\n` +
      'Run it through npm (npm start, npm test): the project installs Node 24 as a dev dependency ' +
      'and npm puts it first on PATH. If you ran "npm install --omit=dev", run plain "npm install".',
  )
  process.exit(1)
}
