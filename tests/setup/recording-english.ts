import { MAX_RECORDING_LABEL, MAX_RECORDINGS, RECORDING_LABEL_MAX } from '~/lib/recording'

// What an English page says of the recordings' fingerprints (form.recordings.inBrowser, .onServer
// and .limit in app/i18n/messages/form.server.ts), for the tests that read it. Kept here, not in
// the field's module: every export of that module travels in the song form's script.
export const HASHED_IN_BROWSER =
  'Your browser computes each fingerprint (SHA-256) on this device. The files are not uploaded: only their fingerprints, sizes, types and names are sent.'
export const HASHED_ON_SERVER = `JavaScript is off, so the files you choose are uploaded when you continue: the server reads each through SHA-256 as it arrives and discards it, never storing it. Up to ${MAX_RECORDING_LABEL} for all files together.`
export const RECORDINGS_LIMIT = `Up to ${MAX_RECORDINGS} files, each with its own label (for example Master, Stems archive, Lyric sheet PDF; at most ${RECORDING_LABEL_MAX} characters).`
