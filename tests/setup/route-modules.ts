import fs from 'node:fs'
import path from 'node:path'

// Every route module of the app, pages (app/routes) and resource routes (app/resource-routes),
// by its flat-route name: the suites that must cover every route read the list from here.
const folders = ['routes', 'resource-routes']
const modules = import.meta.glob([
  '../../app/routes/*.{ts,tsx}',
  '../../app/resource-routes/*.{ts,tsx}',
])
const nameOf = (file: string) =>
  file.replace(/^.*\/(resource-)?routes\//, '').replace(/\.tsx?$/, '')

export const routeNames = folders.flatMap((folder) =>
  fs.readdirSync(path.resolve(__dirname, '../../app', folder)).map(nameOf),
)

export function loadRouteModule<T>(name: string): Promise<T> {
  const key = Object.keys(modules).find((file) => nameOf(file) === name)
  if (!key) throw new Error(`No route module named ${name}`)
  return modules[key]!() as Promise<T>
}
