import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

// docs/decisions/039-routes-folders.md: a page (a module with a component) lives in app/routes,
// a resource route (JSON, a file, a redirect) in app/resource-routes.
const app = path.resolve(__dirname, '../../app')
const modules = (folder: string) =>
  fs.readdirSync(path.join(app, folder)).map((file) => ({
    file: `${folder}/${file}`,
    page: /^export default /m.test(fs.readFileSync(path.join(app, folder, file), 'utf8')),
  }))

test('every module in app/routes is a page', () => {
  expect(modules('routes').filter((m) => !m.page)).toEqual([])
})

test('no module in app/resource-routes renders a page', () => {
  expect(modules('resource-routes').filter((m) => m.page)).toEqual([])
})
