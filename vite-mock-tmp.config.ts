import base from './vite.config.ts'
export default { ...base, server: { host: '127.0.0.1', port: 5174, strictPort: true, proxy: { '/api': 'http://127.0.0.1:18080' } } }
