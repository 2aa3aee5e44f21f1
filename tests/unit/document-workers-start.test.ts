import { expect, test } from 'vitest'
import { loadEnv } from '~/env.server'
import { DEPLOYED_SOURCES } from '../setup/deployed-env'
import { warmsDocumentWorkersAtStart } from '~/services/platform/document-pool.server'

// Issue 36: the suite's servers start their document workers with their first document;
// everything else warms them with the server (issue 37).
test('a deployed server (production or development) warms its document workers at its start, whatever the suite’s switch says', () => {
  for (const source of DEPLOYED_SOURCES) {
    const config = loadEnv({
      ...source,
      DATA_DIR: '/tmp/unused',
      TEST_DOCUMENT_WORKERS_ON_DEMAND: '1',
    })
    expect(config.APP_ENV).not.toBe('test')
    expect(warmsDocumentWorkersAtStart(config)).toBe(true)
  }
})

test('APP_ENV=test alone (as npm run bench sets it) warms at start; with the suite’s switch the workers wait for a document', () => {
  expect(warmsDocumentWorkersAtStart(loadEnv({ APP_ENV: 'test', DATA_DIR: '/tmp/unused' }))).toBe(
    true,
  )
  expect(
    warmsDocumentWorkersAtStart(
      loadEnv({ APP_ENV: 'test', DATA_DIR: '/tmp/unused', TEST_DOCUMENT_WORKERS_ON_DEMAND: '1' }),
    ),
  ).toBe(false)
})
