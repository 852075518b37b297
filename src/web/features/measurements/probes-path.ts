/** Where the connected probes are listed (GET); a panel that offers "Run from" reads it first. */
export const PROBES_PATH = '/api/probes'
