import type { SerializeFrom } from '@remix-run/node'
import type { ownerOpenings } from '~/services/certificates/record/proof-bundle.server'
import type { certificateReport } from '~/services/certificates/record/verification.server'

// What the verify page's loader sends, as the browser receives it (JSON), for its view pieces.
type Found = NonNullable<Awaited<ReturnType<typeof certificateReport>>>

export type VerifyReport = SerializeFrom<Found['report']>
export type VerifyLinks = SerializeFrom<Found['links']>
export type OwnerTextsData = SerializeFrom<NonNullable<Awaited<ReturnType<typeof ownerOpenings>>>>
export type VerifyTimestamp = SerializeFrom<Found['timestamp']>
