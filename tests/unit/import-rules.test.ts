import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { cruise, type ICruiseResult } from 'dependency-cruiser'
import { afterAll, describe, expect, test } from 'vitest'
import config, { probePath, roomProbePath } from '../../.dependency-cruiser.mjs'

// Issue 27: `npm run lint` runs .dependency-cruiser.mjs over app/. Each rule here refuses a small
// tree written for it, and passes the same tree once the offending import is gone, so a rule
// that stopped matching (a renamed folder, a broken pattern) fails this test.
const roots: string[] = []
afterAll(() => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))))

async function violations(files: Record<string, string>) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'import-rules-'))
  roots.push(root)
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true })
    await writeFile(path.join(root, file), text)
  }
  const { options } = config
  const result = await cruise(['app'], {
    ...options,
    tsConfig: undefined,
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
  })
  const output = result.output as ICruiseResult
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)
}

/** The import a file needs to name another, relative to it, without the extension. */
const specifier = (from: string, to: string) => {
  const relative = path.posix.relative(path.posix.dirname(from), to).replace(/\.ts$/, '')
  return relative.startsWith('.') ? relative : `./${relative}`
}

describe('no import circles, type-only imports included', () => {
  const a = 'app/lib/probe-a.ts'
  const b = 'app/lib/probe-b.ts'
  test('a circle closed by a type-only import is refused', async () => {
    const found = await violations({
      [a]: `import { b } from '${specifier(a, b)}'\nexport type A = { n: number }\nexport const a = b\n`,
      [b]: `import type { A } from '${specifier(b, a)}'\nexport const b: A = { n: 1 }\n`,
    })
    expect(found.some((line) => line.startsWith('no-circular:'))).toBe(true)
  })
  test('the same files without the type import pass', async () => {
    const found = await violations({
      [a]: `import { b } from '${specifier(a, b)}'\nexport const a = b\n`,
      [b]: `export const b = { n: 1 }\n`,
    })
    expect(found).toEqual([])
  })
})

describe("the domains' import direction", () => {
  const songs = probePath('songs')
  const coWriters = probePath('co-writers')
  test('songs importing co-writers (which sit above them) is refused', async () => {
    const found = await violations({
      [songs]: `import { c } from '${specifier(songs, coWriters)}'\nexport const s = c\n`,
      [coWriters]: `export const c = 1\n`,
    })
    expect(found).toEqual([`domain-direction: songs: ${songs} → ${coWriters}`])
  })
  test('co-writers importing songs pass', async () => {
    const found = await violations({
      [coWriters]: `import { s } from '${specifier(coWriters, songs)}'\nexport const c = s\n`,
      [songs]: `export const s = 1\n`,
    })
    expect(found).toEqual([])
  })
  test('a service outside every domain is refused', async () => {
    const stray = 'app/services/stray-probe.server.ts'
    const found = await violations({
      [stray]: `import { s } from '${specifier(stray, songs)}'\nexport const x = s\n`,
      [songs]: `export const s = 1\n`,
    })
    expect(found).toEqual([`domain: every service has one: ${stray} → ${songs}`])
  })
})

describe("the certificates' rooms (issue 49.6)", () => {
  const record = roomProbePath('record')
  const documents = roomProbePath('documents')
  test('the record importing a document is refused', async () => {
    const found = await violations({
      [record]: `import { d } from '${specifier(record, documents)}'\nexport const r = d\n`,
      [documents]: `export const d = 1\n`,
    })
    expect(found).toEqual([
      `certificates: the record reads no document or export: ${record} → ${documents}`,
    ])
  })
  test('a document reading the record passes', async () => {
    const found = await violations({
      [documents]: `import { r } from '${specifier(documents, record)}'\nexport const d = r\n`,
      [record]: `export const r = 1\n`,
    })
    expect(found).toEqual([])
  })
})
