import path from 'node:path'
import { defineConfig } from 'vitest/config'

export const aliases = {
  '~': path.resolve(__dirname, 'app'),
  '#db': path.resolve(__dirname, 'db'),
}

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/setup/setup-file.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
