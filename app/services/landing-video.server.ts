import fs from 'node:fs/promises'
import path from 'node:path'
import { env } from '~/env.server'

export interface LandingVideo {
  path: string
  size: number
  contentType: string
  mtime: Date
}

const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.ogg': 'video/ogg',
  '.ogv': 'video/ogg',
  '.mov': 'video/quicktime',
}

export function videoContentType(fileName: string) {
  return CONTENT_TYPES[path.extname(fileName).toLowerCase()] ?? 'application/octet-stream'
}

export function landingVideoDir() {
  return path.join(env().DATA_DIR, 'videos')
}

/** The most recently uploaded landing video, or null when none has been uploaded yet. */
export async function latestLandingVideo(dir = landingVideoDir()): Promise<LandingVideo | null> {
  let entries
  try {
    entries = await fs.readdir(dir, { withFileTypes: true })
  } catch (error) {
    if (isMissing(error)) return null
    throw error
  }

  let newest: LandingVideo | null = null
  for (const entry of entries) {
    // Dot-files are uploads still being written (or editor and OS clutter), never a finished video.
    if (!entry.isFile() || entry.name.startsWith('.')) continue
    const filePath = path.join(dir, entry.name)
    let stat
    try {
      stat = await fs.stat(filePath)
    } catch (error) {
      // Replaced by a newer upload between readdir and stat.
      if (isMissing(error)) continue
      throw error
    }
    if (!newest || stat.mtimeMs > newest.mtime.getTime()) {
      newest = { path: filePath, size: stat.size, contentType: videoContentType(entry.name), mtime: stat.mtime }
    }
  }
  return newest
}

function isMissing(error: unknown) {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT'
}
