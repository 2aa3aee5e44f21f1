import fs from 'node:fs'
import path from 'node:path'

/**
 * public/ does not change under a production server, so its file list is read once: only a
 * request for one of those files (or a folder's index.html) reaches the file server, and a page
 * request costs no file-system lookup (issue 16). `skip` is the fingerprinted build folder, which
 * has its own file server.
 */
export function knownFilesOnly(dir, skip, serve) {
  const known = new Set()
  const walk = (folder, prefix) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name)
      if (full === skip) continue
      if (entry.isDirectory()) walk(full, `${prefix}${entry.name}/`)
      else if (entry.name === 'index.html') known.add(prefix).add(prefix.replace(/(.)\/$/, '$1'))
      else known.add(`${prefix}${entry.name}`)
    }
  }
  if (fs.existsSync(dir)) walk(dir, '/')
  return function publicFile(req, res, next) {
    let pathname
    try {
      pathname = decodeURIComponent(req.path)
    } catch {
      return serve(req, res, next) // the file server has its own answer to a malformed path
    }
    return known.has(pathname) ? serve(req, res, next) : next()
  }
}
