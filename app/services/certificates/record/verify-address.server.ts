import { env } from '~/env.server'

// Where a stranger checks a certificate (issue 37.4): the public verify page, which re-checks the
// chain and the stored manifest without trusting our database. The PDFs' QR codes and printed
// addresses, the proof bundle and the pages all take it from here.

/** The full address of a certificate's verify page. */
export function verifyUrl(certificateId: string, appUrl: string = env().APP_URL) {
  return `${appUrl.replace(/\/$/, '')}/verify/${encodeURIComponent(certificateId)}`
}

/**
 * The verify address of a song that can be checked, or null: only a confirmed registration has
 * a verify page; before, the address would answer "not registered" to everyone.
 */
export function verifyAddress(
  song: { certificateId: string; registration: { status: string } | null },
  appUrl: string = env().APP_URL,
) {
  return song.registration?.status === 'confirmed' ? verifyUrl(song.certificateId, appUrl) : null
}
