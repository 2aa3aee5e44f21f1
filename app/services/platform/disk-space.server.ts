import fs from 'node:fs/promises'
import path from 'node:path'
import { env } from '~/env.server'

// Issue 50.4: a full disk stops the embedded database mid-write and takes every account's
// data with it. Below this much free space in DATA_DIR's file system, new writes of songs are
// refused with a clear message (and /readyz says so) while reads, sign-ins and downloads go on.
// 256 MB leaves room for the database's own write-ahead log, a backup's temporary files and the
// mail already queued.
export const DISK_FLOOR_BYTES = 256 * 1024 * 1024

export const DISK_LOW_MESSAGE =
  'ProofTrack is short of storage space right now, so new songs and changes cannot be saved. Nothing you saved is lost; please try again later.'

// statfs is one system call, but every save asks: a reading is good for a few seconds.
const FRESH_MS = 5000
let reading: { at: number; freeBytes: number | null } | undefined

/** Free bytes for us in DATA_DIR's file system, or null when the system cannot say. */
export async function freeDiskBytes(now = Date.now()) {
  if (reading && now - reading.at < FRESH_MS) return reading.freeBytes
  let freeBytes: number | null = null
  // A DATA_DIR not made yet lives on its nearest existing parent's file system.
  for (let dir = path.resolve(env().DATA_DIR); ; dir = path.dirname(dir)) {
    try {
      const stats = await fs.statfs(dir)
      freeBytes = stats.bavail * stats.bsize
      break
    } catch {
      // A file system without statfs, or the root reached: nothing to go by.
      if (dir === path.dirname(dir)) break
    }
  }
  reading = { at: now, freeBytes }
  return freeBytes
}

let floorBytes = DISK_FLOOR_BYTES

export async function diskSpaceLow() {
  const free = await freeDiskBytes()
  return free !== null && free < floorBytes
}

/** Route tests stand for a full disk by raising the floor above what the disk has free. */
export function setDiskFloorForTests(bytes: number = DISK_FLOOR_BYTES) {
  floorBytes = bytes
  reading = undefined
}
