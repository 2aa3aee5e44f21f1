import { expect, test } from 'vitest'
import * as dataZipRoute from '~/resource-routes/settings_.data[.]zip'
import {
  admitDocument,
  DOCUMENTS_BUSY,
  DocumentsBusyError,
  OPEN_LIMIT,
  OWNER_LIMIT,
} from '~/services/platform/document-pool.server'
import { args, authedRequest, createUser, respond } from '../setup/fixtures'

// Decision 087: documents in the making are bounded for everyone together, not only per
// requester. Tickets are taken directly (no rendering): what is measured is admission.

test('many accounts together cannot hold more than OPEN_LIMIT documents open: the next download is a 503 with Retry-After, and a freed place is taken again', async () => {
  const user = await createUser({ emailVerified: true, firstName: 'Zoë 張' })
  const download = async () =>
    respond(async () =>
      dataZipRoute.loader(args(await authedRequest('http://localhost/settings/data.zip', user.id))),
    )
  // OPEN_LIMIT / OWNER_LIMIT requesters, each at their own limit.
  const held = Array.from({ length: OPEN_LIMIT }, (_, i) =>
    admitDocument(`user:other-${Math.floor(i / OWNER_LIMIT)}`),
  )
  expect(() => admitDocument('user:one-more')).toThrow(DocumentsBusyError)

  const refused = await download()
  expect(refused.status).toBe(503)
  expect(refused.headers.get('Retry-After')).toBe('5')
  expect(await refused.text()).toBe(DOCUMENTS_BUSY)

  held.pop()!.release()
  const served = await download()
  expect(served.status).toBe(200)
  expect(served.headers.get('Content-Type')).toBe('application/zip')
  expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0)
  for (const ticket of held) ticket.release()
  // Every place is free again.
  const again = Array.from({ length: OPEN_LIMIT }, (_, i) => admitDocument(`address:192.0.2.${i}`))
  for (const ticket of again) ticket.release()
}, 60_000)
