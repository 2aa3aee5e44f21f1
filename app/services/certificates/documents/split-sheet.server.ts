import type { ContributorStatus } from '~/lib/confirmations'
import { registrationNetwork } from '~/lib/registration-network'
import { splitTotalsWarning } from '~/lib/split-totals'
import { songAndRecording } from '~/lib/song-and-recording'
import { type Component, contributorSlots } from '~/lib/song-constants'
import type { Executor } from '../../platform/db.server'
import { liveStatus, recordedConfirmations, recordedStatus } from '../record/certificate.server'
import { SLOT_PERCENT } from '../record/manifest.server'
import type { SongView } from '../../songs/songs.server'
import { splitStatuses } from '../../co-writers/split-statuses.server'
import { verifyAddress } from '../record/verify-address.server'

// Issue 13: the split sheet writers bring to publishers and PROs (decision 042). The owner's
// document: every contributor with PRO and IPI, their share of each component, the AI share,
// and each confirmation. A registered song shows what its record holds; an unregistered one the
// live invitations.

export type SplitSheetRegistration =
  | {
      status: 'registered'
      date: string
      /** The network's label, and the network it names (decision 122: said in the owner's words). */
      network: string
      networkId: string | null
      transactionSignature: string | null
    }
  | { status: 'pending' | 'failed' | 'not-registered' }

/** The split sheet of a song its owner holds (the route has checked ownership). */
export async function splitSheet(database: Executor, song: SongView) {
  const registered = song.registration?.status === 'confirmed' ? song.registration : null
  const recorded = recordedConfirmations(song)
  const live = recorded ? null : await splitStatuses(database, song)
  const statuses = contributorSlots(song).map(({ slot }): ContributorStatus => {
    const now = live?.find((s) => s.slot === slot)
    // The certificate's own mapping, so both documents say the same of each contributor.
    return recorded
      ? recordedStatus(slot, recorded)
      : now
        ? liveStatus(now)
        : { slot, status: 'declared' }
  })
  // The one derived view (decision 117): each person as credited, with the PRO and IPI they gave
  // when confirming over what the submitter typed, and their share of the song.
  const derived = songAndRecording({ ...song, confirmations: { contributors: statuses } })
  const contributors = derived.people.map((person, index) => ({
    slot: person.slot,
    name: person.name,
    latinName: person.latinName,
    declaredName: person.declaredName,
    pro: person.pro,
    ipi: person.ipi,
    publisher: person.publisher,
    publisherIpi: person.publisherIpi,
    shares: song.contributions.map((row) => ({
      component: row.component,
      percent: row[SLOT_PERCENT[person.slot]],
    })),
    status: statuses[index]!,
  }))
  const registration: SplitSheetRegistration = registered
    ? {
        status: 'registered',
        date: registered.createdAt,
        network: registrationNetwork(registered).label,
        networkId: registrationNetwork(registered).network,
        transactionSignature: registered.transactionSignature,
      }
    : {
        status:
          song.registration?.status === 'failed'
            ? 'failed'
            : song.registration
              ? 'pending'
              : 'not-registered',
      }
  return {
    songId: song.id,
    title: song.title,
    certificateId: song.certificateId,
    dateCreated: song.dateCreated,
    components: song.contributions.map((row) => row.component as Component),
    contributors,
    /** The song and the recording, side by side (issue 51, decision 117). */
    songAndRecording: derived,
    ai: song.contributions.map((row) => ({ component: row.component, percent: row.aiPercent })),
    recorded: registered !== null,
    registration,
    /** Where anyone checks the registered record (issue 37.5); null until it is registered. */
    verifyUrl: verifyAddress(song),
    /** The review step's warning, when a component does not total 100 % (issue 37.6). */
    totalsWarning: splitTotalsWarning(song.contributions),
    /** Each component's shares, for the warning in another language. */
    splitRows: song.contributions.map((row) => ({
      component: row.component,
      contributorPercent: row.contributorPercent,
      coContributorPercent: row.coContributorPercent,
      coContributor2Percent: row.coContributor2Percent,
      aiPercent: row.aiPercent,
    })),
  }
}
export type SplitSheet = Awaited<ReturnType<typeof splitSheet>>
