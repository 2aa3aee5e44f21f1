import {
  type CertificateSong,
  certificateContributors,
  PDF_NOT_PUBLIC_YET,
  plainSummary,
  statementFor,
  VERIFICATION_PAGE,
} from '~/lib/certificate'
import { RFC_3161 } from '~/lib/glossary/rfc-3161'
import { formatDayInZone, formatLongDate } from '~/lib/dates'
import { timestampText } from '~/lib/timestamp'
import {
  type CertificateSection,
  type CertificateViewOptions,
  explain,
  wordsOf,
} from './certificate-rows'
import { breakdownSection, contributorsSection } from './certificate-people'
import {
  aiDisclosureSection,
  blockchainSection,
  detailsSection,
  identifiersSection,
  longSections,
} from './certificate-sections'

// The certificate as one view (STYLE.md, "one view, then layout"): every section, row and text
// the certificate shows, decided here once from the record. The page (components/certificate.tsx)
// and the PDF (certificate-pdf.server.ts) lay this out and add no text of their own, so neither
// can show a row the other drops. Not a .server file: the page builds it again in the browser
// once it knows the reader's time zone (components/time-zone.tsx), in the reader's language with
// the page's translator (issue 54). It imports only app/lib, app/i18n's browser side and its own
// parts (certificate-rows.ts, certificate-sections.ts, ai-disclosure.ts).

export type {
  CertificateRow,
  CertificateSection,
  CertificateViewOptions,
  TermRow,
  Tone,
} from './certificate-rows'
export { AI_TOOLS_LABEL, AI_TOOLS_NOTE, PRIVATE_TEXT_NOTE } from './certificate-sections'
export { NO_WRITERS, SONG_ROW_LABEL } from './certificate-people'

export const VERIFY_LEAD = 'Anyone can check this certificate at:'

export function certificateView(song: CertificateSong, options: CertificateViewOptions) {
  const { appName, verifyUrl, timestamp = null } = options
  const words = wordsOf(options)
  const { say, timeZone, locale } = words
  const people = certificateContributors(song)
  return {
    certificateId: song.certificateId,
    title: song.title,
    brand: `${appName} · PT Snapshot`,
    kicker: say('certificate.kicker', 'Certificate of Authorship'),
    created: {
      label: say('certificate.created', 'Created'),
      date: formatLongDate(song.dateCreated, locale),
    },
    /** The opening in plain words; `link` names the words that lead to the verify page. */
    summary: {
      text: plainSummary(song, appName, timeZone, say, locale),
      link: verifyUrl
        ? {
            text: say('certificate.summary.verificationPage', VERIFICATION_PAGE),
            href: verifyPath(song),
          }
        : null,
    },
    sections: [
      contributorsSection(song, people, words),
      breakdownSection(song, words),
      detailsSection(song, words),
      identifiersSection(song, words),
      aiDisclosureSection(song, words),
      ...(song.registration ? [blockchainSection(song.registration, options, words)] : []),
      ...longSections(song, words),
    ] as CertificateSection[],
    footer: {
      statement: {
        text: statementFor(song, say, locale),
        names: people.map((person) => person.name),
        // Issue 54.4: what the certificate records reads the same everywhere, so a translated
        // certificate says it in English too.
        english: words.english ? null : statementFor(song),
      },
      certificateId: song.certificateId,
      issued: say('certificate.issued', `Issued ${formatDayInZone(song.createdAt, timeZone)}`, {
        day: formatDayInZone(song.createdAt, timeZone, locale),
      }),
      timestamp: timestamp ? timestampText(timestamp, say) : null,
      /** The timestamp line names RFC 3161: its plain sentence goes under it. */
      timestampTerm: timestamp
        ? explain({ ...RFC_3161, sentence: say('words.note.rfc3161', RFC_3161.sentence) })
        : null,
      // Before registration nothing a stranger can check: the certificate says when it will be
      // (decision 050). After, the verify page in full, for print and the QR code (issue 37.4).
      online: verifyUrl
        ? {
            public: true as const,
            lead: say('certificate.verifyLead', VERIFY_LEAD),
            url: verifyUrl,
            href: verifyPath(song),
          }
        : {
            public: false as const,
            note: say('certificate.notPublicYet', PDF_NOT_PUBLIC_YET),
          },
    },
  }
}
export type CertificateView = ReturnType<typeof certificateView>

const verifyPath = (song: CertificateSong) => `/verify/${song.certificateId}`
