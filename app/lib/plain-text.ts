// Issue 24 item 5 (decision 048): what people type reaches other people's screens, mail and the
// terminal of whoever runs `npm run verify`. Control characters are terminal escapes (`ESC [2K`
// erases a line, `ESC ]0;…` retitles the window) and bidirectional overrides make text read
// differently from what it is. Issue 50 item 5 (decision 108): invisible text that is no text.
// No zod here: the views, the scripts and the mail queue use it too.

// Refused in every field:
// - C0 and C1 controls (DEL included) and the bidi embeddings, overrides and isolates. The marks
//   U+200E, U+200F and U+061C stay: Hebrew and Arabic names need them and they reorder nothing
//   around them.
// - Noncharacters and lone surrogates: never text to interchange. XML cannot hold U+FFFE, U+FFFF
//   or a lone surrogate, so the DDEX message would say U+FFFD where the record says otherwise.
// - Tag characters: invisible ASCII, which smuggles words past every reader but a machine.
// - The deprecated format characters U+206A–U+206F, which no current text uses.
const UNSAFE =
  /[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}\u202A-\u202E\u2066-\u2069\u206A-\u206F\u{E0000}-\u{E007F}]/u
// Tags have one use in text: the flags of England, Scotland and Wales (Unicode's RGI emoji tag
// sequences, the only ones there are), which stay whole.
const RGI_TAG_FLAG =
  /\u{1F3F4}\u{E0067}\u{E0062}(?:\u{E0065}\u{E006E}\u{E0067}|\u{E0073}\u{E0063}\u{E0074}|\u{E0077}\u{E006C}\u{E0073})\u{E007F}/gu
// The line and paragraph separators break a line wherever text is laid out, which one line must
// not; the textarea's own breaks are \n and \r\n.
const SEPARATORS = /[\u2028\u2029]/u
// What a textarea may hold besides: tab, line feed, and the carriage return browsers send with it.
const LINE_BREAKS = /[\t\n\r]/g
// Code points a reader never sees (Unicode's Default_Ignorable_Code_Point): U+200B, the Hangul
// fillers, joiners, variation selectors… Inside words they do their work (ZWJ in "क्‍ष" and
// "👩‍🎤", ZWNJ in "می‌خواهم"); alone they are nothing.
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu

export const PLAIN_TEXT_MESSAGE =
  'Remove the invisible control characters from this text (they often come with pasted text)'

const unsafe = (value: string) => UNSAFE.test(value.replace(RGI_TAG_FLAG, ''))

/** A one-line field (a title, a name, an identifier, a label, a file name, a media type). */
export function isPlainLine(value: string) {
  return !unsafe(value) && !SEPARATORS.test(value)
}

/** A field of several lines (lyrics, notes, a message, a reason): tabs and line breaks too. */
export function isPlainText(value: string) {
  return !unsafe(value.replace(LINE_BREAKS, ''))
}

/** The text without the code points nobody sees: what a minimum length counts. */
export function withoutIgnorables(value: string) {
  return value.replace(IGNORABLE, '')
}

/** Nothing a reader could see: whitespace and default-ignorable code points only, or nothing. */
export function isBlankText(value: string) {
  return withoutIgnorables(value).trim() === ''
}

const hex = (code: number, width: number) => code.toString(16).padStart(width, '0')
const ESCAPED = new RegExp(`${RGI_TAG_FLAG.source}|${UNSAFE.source}`, 'gu')

/**
 * Stored text as a terminal or a mail may show it: every character the rules above refuse is
 * written out (`\x1b`, `\u202e`, `\u{e0041}`), so text kept before the rules, or read from a
 * record someone else wrote, can neither move the cursor nor fake a line. `keepLines` keeps tabs
 * and line feeds (a block of lyrics, a mail body); a carriage return, which can overwrite a line,
 * never stays. `keepIsolates` keeps U+2068 and U+2069, which isolate() put around each value it
 * escaped.
 */
export function escapeControls(
  text: string,
  options: { keepLines?: boolean; keepIsolates?: boolean } = {},
) {
  const source = options.keepLines ? text.replace(/\r\n/g, '\n') : text
  return source.replace(ESCAPED, (char) => {
    if (char.length > 2) return char // a flag, whole
    if (options.keepLines && (char === '\n' || char === '\t')) return char
    // A mail's own first-strong isolates (app/lib/bidi.ts), around values already escaped.
    if (options.keepIsolates && (char === '\u2068' || char === '\u2069')) return char
    const code = char.codePointAt(0)!
    if (code > 0xffff) return `\\u{${hex(code, 5)}}`
    return code <= 0xff ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`
  })
}
