import type { CertificateSong } from '~/lib/certificate'
import { formatLongDate } from '~/lib/dates'
import { certificateContributors } from '~/lib/certificate'
import { type CertificateViewOptions, wordsOf } from './certificate-rows'
import { breakdownSection, contributorsSection } from './certificate-people'

/**
 * What the verify page leads with (issue 49.4): the certificate view's title, its creation day
 * and its first two sections, who made the song and in what shares, in the certificate's own
 * words. Built from the same parts as the whole view (certificate-view.ts), so it cannot say it
 * otherwise, without loading the rest of the view into the verify page's script.
 */
export function certificateLead(
  song: CertificateSong,
  options: Omit<CertificateViewOptions, 'verifyUrl'>,
) {
  const words = wordsOf({ ...options, verifyUrl: null })
  return {
    title: song.title,
    created: {
      label: words.say('certificate.created', 'Created'),
      date: formatLongDate(song.dateCreated, words.locale),
    },
    sections: [
      contributorsSection(song, certificateContributors(song), words),
      breakdownSection(song, words),
    ],
  }
}
