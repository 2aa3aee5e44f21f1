import { translate } from '~/i18n/catalogs.server'
import { intlLocale } from '~/i18n/format'
import { incompleteTotalsIn } from '~/i18n/words.server'
import type { incompleteComponents } from '~/lib/split-totals'
import { type RenderLocale, SOURCE_LOCALE } from '~/i18n/locales'
import type { MessageId } from '~/i18n/react'
import { currentTarget } from '~/services/registration/registration-target.server'
import { networkWords, priceText } from './registration-words'
import { listFormat } from '~/lib/intl'

// The registration and payment services refuse in English (SPEC's words, which their tests, the
// JSON API and the logs read). The register pages say each refusal in the page's language: fixed
// ones by their English, ones with a value by their shape. One not known here stays English and
// says so (`lang: 'en'`), never half translated. Mirrors the verify page's words.server.ts.

const say = (locale: RenderLocale, id: MessageId, values?: Record<string, string | number>) =>
  translate(locale, 'registration', id, values)

const FIXED: Record<string, MessageId> = {
  'Tick the box above to confirm that you want to register this song.':
    'registration.refusal.confirm',
  'Failed to register on blockchain': 'registration.refusal.failed',
  'Email verification required for free blockchain registrations':
    'registration.refusal.emailVerification',
  'You have used this month’s free registration. Pay $1.99 to register this song.':
    'registration.refusal.pay',
  'This song is already registered on the blockchain.': 'registration.refusal.alreadyRegistered',
  'This song’s registration is already in progress.': 'registration.refusal.inProgress',
  'Your registration was sent and is waiting for confirmation. Check back in a minute.':
    'registration.refusal.waiting',
  'Song not found': 'registration.refusal.notFound',
  'A new version of this certificate is already registered; only one version can succeed it.':
    'registration.refusal.successorUnnamed',
  'Payments are not available on this server.': 'registration.refusal.paymentsUnavailable',
  'Your payment is already received: register the song now.': 'registration.refusal.alreadyPaid',
  'This song can be registered with this month’s free registration.':
    'registration.refusal.useFree',
  'The payment provider could not be reached. Please try again.':
    'registration.refusal.providerUnreachable',
}

const SUCCESSOR =
  /^A new version of this certificate is already registered \((\S+)\); only one version can succeed it\. Create the new version from \1 instead\.$/
// One name only: two are joined by the service's English "and", which only the page's own list
// of names (disputedIn) can say in another language.
const DISPUTED = /^(.+) disputed their share; edit the split before registering\.$/

/** A service's refusal in `locale`, or its English marked as such. */
export function refusalIn(locale: RenderLocale, english: string): { message: string; lang?: 'en' } {
  if (locale === SOURCE_LOCALE) return { message: english }
  const fixed = FIXED[english]
  if (fixed) return { message: say(locale, fixed, { price: priceText(locale) }) }
  const successor = SUCCESSOR.exec(english)
  if (successor)
    return { message: say(locale, 'registration.refusal.successor', { id: successor[1]! }) }
  const disputed = DISPUTED.exec(english)
  if (disputed && !disputed[1]!.includes(' and '))
    return { message: say(locale, 'registration.refusal.disputed', { names: disputed[1]! }) }
  return { message: english, lang: 'en' }
}

/**
 * Why a split that is not whole cannot be registered (registration-claim's `splitsNotWhole`), each
 * component that is off named with its total in the words area's words; null for a whole split.
 */
export function splitsRefusalIn(
  locale: RenderLocale,
  rows: Parameters<typeof incompleteComponents>[0],
) {
  const totals = incompleteTotalsIn(locale, rows)
  return totals === null ? null : say(locale, 'registration.refusal.splits', { totals })
}

/** The co-writers who disputed, named as the language lists names; null when nobody did. */
export function disputedIn(locale: RenderLocale, statuses: { status: string; name: string }[]) {
  const names = statuses.filter((s) => s.status === 'disputed').map((s) => s.name)
  if (names.length === 0) return null
  const list = listFormat(intlLocale(locale), { type: 'conjunction' }).format(names)
  return say(locale, 'registration.refusal.disputed', { names: list })
}

/** Where a registration made now would go (destinationFacts), in `locale`. */
export function destinationIn(locale: RenderLocale) {
  const { networkFacts, storageFacts, storageKind, storageGateway } = currentTarget()
  const t = (id: MessageId, values?: Record<string, string | number>) => say(locale, id, values)
  const network = networkWords(t, networkFacts.network)
  const storage =
    storageKind === 'local-store'
      ? {
          label: t('registration.storage.local.label'),
          note: t('registration.storage.local.note'),
        }
      : storageGateway
        ? { label: t('registration.storage.arweaveGateway.label', { gateway: storageGateway }) }
        : { label: t('registration.storage.arweave.label') }
  return {
    network: network.label,
    storage: storage.label,
    notes: [network.note, storage.note ?? null].filter((note) => note !== null),
    // Solana mainnet and Arweave: what SPEC §4's words promise (issue 39.12, decision 093).
    permanent: networkFacts.isPublic && !networkFacts.isTest && storageFacts.isPermanent,
  }
}

/** The toast of a completed registration, in `locale` (registrationCompleteText's toast). */
export function doneToastIn(locale: RenderLocale, network: string | null) {
  const t = (id: MessageId) => say(locale, id)
  return {
    title: t('registration.complete.toastTitle'),
    description:
      network === 'mainnet-beta'
        ? t('registration.complete.mainnetToast')
        : networkWords(t, network).done,
  }
}
