// The words' weight and the topline rule (decision 117), apart from the derived view itself, so
// the details form's section reads them without the whole of song-and-recording.ts in its page's
// JavaScript (tests/e2e/bundle.test.ts: the details page is at its 124 KB budget).

/** Words' weight in the song when the owner set none: words and music count the same. */
export const DEFAULT_WORDS_WEIGHT = 50
export const MIN_WORDS_WEIGHT = 1
export const MAX_WORDS_WEIGHT = 99

export const MELODY_RULE =
  'A vocal share counts towards the music only for a person who wrote the melody (topline).'
