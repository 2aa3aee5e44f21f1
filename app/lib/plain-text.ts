// Issue 24 item 5 (decision 048): what people type reaches other people's screens, mail and the
// terminal of whoever runs `npm run verify`. Control characters are terminal escapes (`ESC [2K`
// erases a line, `ESC ]0;…` retitles the window) and bidirectional overrides make text read
// differently from what it is. No zod here: the views, the scripts and the mail queue use it too.

// C0 and C1 controls (DEL included) and the bidi embeddings, overrides and isolates. The marks
// U+200E and U+200F stay: Hebrew and Arabic names need them and they reorder nothing around them.
const UNSAFE = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'gu')
// What a textarea may hold besides: tab, line feed, and the carriage return browsers send with it.
const LINE_BREAKS = /[\t\n\r]/g

export const PLAIN_TEXT_MESSAGE =
  'Remove the invisible control characters from this text (they often come with pasted text)'

/** A one-line field (a title, a name, an identifier, a label, a file name, a media type). */
export function isPlainLine(value: string) {
  return !UNSAFE.test(value)
}

/** A field of several lines (lyrics, notes, a message, a reason): tabs and line breaks too. */
export function isPlainText(value: string) {
  return !UNSAFE.test(value.replace(LINE_BREAKS, ''))
}

const hex = (code: number, width: number) => code.toString(16).padStart(width, '0')

/**
 * Stored text as a terminal or a mail may show it: every character the rules above refuse is
 * written out (`\x1b`, `\u202e`), so text kept before the rules, or read from a record someone
 * else wrote, can neither move the cursor nor fake a line. `keepLines` keeps tabs and line feeds
 * (a block of lyrics, a mail body); a carriage return, which can overwrite a line, never stays.
 * `keepIsolates` keeps U+2068 and U+2069, which isolate() put around each value it escaped.
 */
export function escapeControls(
  text: string,
  options: { keepLines?: boolean; keepIsolates?: boolean } = {},
) {
  const source = options.keepLines ? text.replace(/\r\n/g, '\n') : text
  return source.replace(UNSAFE_ALL, (char) => {
    if (options.keepLines && (char === '\n' || char === '\t')) return char
    // A mail's own first-strong isolates (app/lib/bidi.ts), around values already escaped.
    if (options.keepIsolates && (char === '\u2068' || char === '\u2069')) return char
    const code = char.codePointAt(0)!
    return code <= 0xff ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`
  })
}
