// GETs a URL `count` times, each over a new connection, and prints one line per answer:
// "<status> <body>". Usage (inside a namespace): node http-get.ts <url> [count]
import http from 'node:http'

const [url, count = '1'] = process.argv.slice(2)
if (!url) {
  console.error('usage: http-get.ts <url> [count]')
  process.exit(2)
}

function get(target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.get(target, { agent: false, timeout: 10_000 }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        body += chunk
      })
      res.on('end', () => resolve(`${res.statusCode} ${body}`))
    })
    req.on('timeout', () => req.destroy(new Error(`no answer from ${target} in 10 s`)))
    req.on('error', reject)
  })
}

for (let i = 0; i < Number(count); i++) console.log(await get(url))
