import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { ensureBuild } from '../../scripts/lib/build.mjs'
import { startServerWithAdmin } from './server'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
  }
}

export default async function setup(project: TestProject) {
  ensureBuild(path.resolve(__dirname, '../..'))
  const server = await startServerWithAdmin({}, { create: true })
  project.provide('baseUrl', server.baseUrl)
  return async () => {
    await server.stop()
  }
}
