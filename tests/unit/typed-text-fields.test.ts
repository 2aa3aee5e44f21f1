import { expect, test } from 'vitest'
import { z } from 'zod'
import { PLAIN_TEXT_MESSAGE } from '~/lib/plain-text'
import { SongSchema } from '~/lib/song-schema'
import { LATIN_NAME_MESSAGE, typedText } from '~/lib/text-schemas'
import { USERINFO_MESSAGE, WEB_LINK_MESSAGE } from '~/lib/web-link'

// Issue 50 items 5 and 6 (decision 108), as a table over every form schema in app/lib: a field
// built from the shared pieces (plainString, webLink) is found by the piece it is made of, so a
// new field is checked without being listed here. A string field built any other way fails the
// first test until it is named below with the reason it is not typed text.

type Text = 'line' | 'lines' | 'link'
interface Field {
  path: string
  schema: z.ZodType
  text: Text | undefined
  strings: boolean
}

const modules = import.meta.glob<Record<string, unknown>>('../../app/lib/*schema*.ts', {
  eager: true,
})
// Not forms: the certificate manifests we wrote ourselves, read back to verify them.
const NOT_FORMS = ['manifest-schema.ts']

// String fields that are not text people type for others to read, by field name.
const NOT_TYPED_TEXT: Record<string, string> = {
  email: 'an address, checked as one',
  username: 'ASCII letters, digits and _ only',
  confirmUsername: 'compared with the username, never kept',
  usernameOrEmail: 'only looked up',
  password: 'never shown, never kept',
  currentPassword: 'never shown, never kept',
  newPassword: 'never shown, never kept',
  confirmPassword: 'never shown, never kept',
  strongPassword: 'never shown, never kept',
  code: 'a one-time code, only compared',
  token: 'a token of a fixed alphabet, only compared',
  session: 'a session id of a fixed alphabet',
  invitationId: 'digits',
  InvitationIdSchema: 'digits',
  InvitationTokenSchema: 'base64url',
  songId: 'digits',
  SongIdSchema: 'digits',
  paymentIntentId: 'a Stripe id of a fixed alphabet',
  CheckoutSessionIdSchema: 'a Stripe id of a fixed alphabet',
  redirectTo: 'a path, read by safeRedirect',
  timeZone: 'a zone from the list',
  timeZoneField: 'a zone from the list',
  dateCreated: 'a date, yyyy-mm-dd',
  duration: 'digits and colons',
  isrc: 'its own pattern',
  iswc: 'its own pattern',
  upc: 'digits',
  ipi: 'digits',
  optionalIpi: 'digits',
  // Issue 51.3 (decision 119): each publisher's IPI, the co-writer's own IPI rule.
  mainContributorPublisherIpi: 'digits',
  coContributorPublisherIpi: 'digits',
  coContributor2PublisherIpi: 'digits',
  sha256: 'hexadecimal',
  limit: 'digits',
  offset: 'digits',
  website: 'a honeypot: never kept, never shown',
  // Passkey answers: base64url, checked by @simplewebauthn/server.
  id: 'base64url',
  rawId: 'base64url',
  clientDataJSON: 'base64url',
  attestationObject: 'base64url',
  authenticatorData: 'base64url',
  publicKey: 'base64url',
  signature: 'base64url',
  userHandle: 'base64url',
  // Analytics: sent by our own script, not typed into a form (decision 048).
  pagePath: 'analytics',
  '*': 'analytics metadata',
  userAgent: 'analytics',
  sessionId: 'analytics',
  timestamp: 'analytics',
}

const wrapped = (schema: z.ZodType): z.ZodType[] => {
  const def = schema._zod.def as unknown as Record<string, z.ZodType>
  switch (schema._zod.def.type) {
    case 'pipe':
      return [def.in!, def.out!]
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return [def.innerType!]
    default:
      return []
  }
}

const CONTAINERS = new Set(['object', 'union', 'array', 'record', 'intersection'])
const containersOf = (schema: z.ZodType): z.ZodType[] =>
  CONTAINERS.has(schema._zod.def.type) ? [schema] : wrapped(schema).flatMap(containersOf)

/** What a field is made of: the shared piece it was built from, and whether it reads a string. */
function madeOf(schema: z.ZodType): Pick<Field, 'text' | 'strings'> {
  const text = typedText.get(schema)?.text
  if (text) return { text, strings: true }
  const parts = wrapped(schema).map(madeOf)
  return {
    text: parts.find((part) => part.text)?.text,
    strings: schema._zod.def.type === 'string' || parts.some((part) => part.strings),
  }
}

function fieldsOf(schema: z.ZodType, path: string, out: Field[]): Field[] {
  const containers = containersOf(schema)
  if (containers.length === 0) out.push({ path, schema, ...madeOf(schema) })
  for (const container of containers) {
    const def = container._zod.def as unknown as Record<string, unknown>
    if (def.type === 'object')
      for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>))
        fieldsOf(field, `${path}.${key}`, out)
    else if (def.type === 'union')
      for (const option of def.options as z.ZodType[]) fieldsOf(option, path, out)
    else if (def.type === 'array') fieldsOf(def.element as z.ZodType, `${path}[]`, out)
    else if (def.type === 'record') fieldsOf(def.valueType as z.ZodType, `${path}.*`, out)
    else if (def.type === 'intersection')
      for (const side of [def.left, def.right] as z.ZodType[]) fieldsOf(side, path, out)
  }
  return out
}

const fields = Object.entries(modules)
  .filter(([file]) => !NOT_FORMS.some((name) => file.endsWith(`/${name}`)))
  .flatMap(([file, exports]) =>
    Object.entries(exports).flatMap(([name, value]) =>
      value instanceof z.ZodType ? fieldsOf(value, `${file.split('/').pop()}:${name}`, []) : [],
    ),
  )
const nameOf = (path: string) => path.split(/[:.]/).pop()!.replace(/\[\]$/, '')
/** Each typed field once (the details form reuses the song form's own pieces). */
const typed = [...new Map(fields.filter((f) => f.text).map((f) => [f.schema, f])).values()]
const ofKind = (...kinds: Text[]) => typed.filter((field) => kinds.includes(field.text!))

function outcome(field: Field, value: unknown) {
  const parsed = field.schema.safeParse(value)
  return parsed.success
    ? { value: parsed.data }
    : { messages: parsed.error.issues.map((issue) => issue.message) }
}

test('every string field of every form is built from the shared pieces, or named with its reason', () => {
  expect(Object.keys(modules).length).toBeGreaterThanOrEqual(14)
  const unnamed = fields
    .filter((field) => field.strings && !field.text && !(nameOf(field.path) in NOT_TYPED_TEXT))
    .map((field) => field.path)
  expect(unnamed).toEqual([])
  // The walk reaches the fields people know, nested ones too.
  const found = fields.filter((f) => f.text).map((f) => `${f.path} ${f.text}`)
  expect(found).toEqual(
    expect.arrayContaining([
      'song-schema.ts:SongSchema.title line',
      'song-schema.ts:SongSchema.recordings[].label line',
      'song-schema.ts:SongSchema.recordings[].mediaType line',
      'song-schema.ts:SongUpdateSchema.contributorName line',
      'song-schema.ts:SongSchema.fileLink link',
      'song-schema.ts:SongUpdateSchema.fileLink link',
      'song-schema.ts:SongSchema.lyrics lines',
      'song-details-schema.ts:SongDetailsSchema.otherIdentifier line',
      'auth-schemas.ts:RegisterSchema.firstName line',
      'account-schemas.ts:ProfileSchema.lastName line',
      'co-writers-schema.ts:DecisionSchema.creditedName line',
      'co-writers-schema.ts:DecisionSchema.disputeReason lines',
      'contact-schema.ts:ContactSchema.subject line',
      'passkey-schemas.ts:PasskeyFormSchema.name line',
    ]),
  )
  expect(ofKind('line', 'link').length).toBeGreaterThanOrEqual(20)
})

// Item 5's classes inside a value: line and paragraph separators, noncharacters (the BMP's, the
// last two of other planes), a tag character, a lone surrogate (a JSON body can send one) and a
// deprecated format character.
const IN_NO_LINE = ['\u2028', '\u2029']
const IN_NO_TEXT = [
  '\uFFFE',
  '\uFFFF',
  '\uFDD0',
  '\uFDEF',
  '\u{1FFFE}',
  '\u{10FFFF}',
  '\u{E0041}',
  '\u{E007F}',
  '\uD800',
  '\u206A',
]
const inside = (field: Field, char: string) =>
  field.text === 'link' ? `https://example.com/a${char}b` : `Ann${char}Lee`

test('every single-line field refuses separators, noncharacters, tags and lone surrogates, with the control-character message', () => {
  for (const field of ofKind('line', 'link'))
    for (const char of [...IN_NO_LINE, ...IN_NO_TEXT])
      expect(outcome(field, inside(field, char)), `${field.path} ${escape(char)}`).toEqual({
        messages: [PLAIN_TEXT_MESSAGE],
      })
})

test('lyrics, notes, messages and reasons keep their line breaks but refuse the rest', () => {
  for (const field of ofKind('lines')) {
    for (const char of IN_NO_TEXT)
      expect(
        outcome(field, `Verse one\n${char} and more`),
        `${field.path} ${escape(char)}`,
      ).toEqual({ messages: [PLAIN_TEXT_MESSAGE] })
    const verse = 'Verse one goes here\r\n\tand\u2028on\u2029and on'
    expect(outcome(field, verse), field.path).toEqual({ value: verse })
  }
})

// One from each block of Default_Ignorable_Code_Point, both ends of each range.
const IGNORABLES =
  '\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B\u180F\u200B\u200F\u202A\u202E\u2060\u206F' +
  '\u3164\uFE00\uFE0F\uFEFF\uFFA0\uFFF0\uFFF8\u{1BCA0}\u{1BCA3}\u{1D173}\u{1D17A}\u{E0000}\u{E0FFF}'
const INVISIBLE_ONLY = [
  '\u200B',
  '\u3164',
  '\u115F\u1160',
  '\u200B \u3164\u00A0\uFEFF',
  '\u{E0041}\u{E0042}\u{E007F}',
  '\u200D\u200C',
  IGNORABLES,
]

test('a value of invisible code points only reads as an empty one: "required" where it is', () => {
  for (const field of typed) {
    const empty = outcome(field, '')
    for (const value of INVISIBLE_ONLY)
      expect(outcome(field, value), `${field.path} ${escape(value)}`).toEqual(empty)
  }
  const title = SongSchema.in.shape.title
  expect(title.safeParse('\u200B').error?.issues.map((i) => i.message)).toEqual([
    'Song title is required',
  ])
})

// Real names and titles whose joiners and selectors do their work inside visible text.
const NAMES = [
  'क्\u200Dषमा', // Devanagari: a half form asked for by ZWJ
  'ශ්\u200Dරී ලංකා', // Sinhala: the rakaransaya by ZWJ
  'می\u200Cخواهم', // Persian: ZWNJ between the prefix and the verb
  'Ziggy 👩\u200D🎤',
  'I ❤\uFE0F Seoul',
  '葛\u{E0100}飾北斎', // an ideographic variation selector
  'Cymru 🏴\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}',
  'ᠮᠣᠩᠭᠣᠯ',
  '김민지',
  'שרה\u200F כהן',
  'Pe\u00ADter',
]
// Where a field's own format refuses a name, only with its own words.
const OWN_FORMAT: Record<string, string> = {
  contributorLatinName: LATIN_NAME_MESSAGE,
  coContributorLatinName: LATIN_NAME_MESSAGE,
  coContributor2LatinName: LATIN_NAME_MESSAGE,
  creditedLatinName: LATIN_NAME_MESSAGE,
  mediaType: 'The media type must look like audio/wav',
}

test('names in many scripts, with ZWJ, ZWNJ and variation selectors inside, are kept as typed', () => {
  for (const field of ofKind('line'))
    for (const name of NAMES) {
      const result = outcome(field, name)
      if ('value' in result) expect(result.value, field.path).toBe(name)
      else
        expect(result.messages, `${field.path} ${name}`).toEqual([OWN_FORMAT[nameOf(field.path)]])
    }
  const block = NAMES.join('\n')
  for (const field of ofKind('lines'))
    expect(outcome(field, block), field.path).toEqual({ value: block })
  for (const field of ofKind('link'))
    for (const name of NAMES) {
      const link = `https://example.com/${name}`
      expect(outcome(field, link), field.path).toEqual({ value: link })
    }
  // The Latin-script fields take the emoji with their joiners.
  const latin = typed.find((f) => nameOf(f.path) === 'contributorLatinName')!
  expect(outcome(latin, 'Ziggy 👩\u200D🎤')).toEqual({ value: 'Ziggy 👩\u200D🎤' })
})

test('every link field refuses a name before an @ in front of the host; an @ further on is fine', () => {
  const withUserinfo = [
    'https://user:pass@evil.example/',
    'https://www.dropbox.com@evil.example/song.mp3',
    'https://www.dropbox.com:443@evil.example/',
    'http://@evil.example/',
    'HTTPS://Me@Evil.Example',
    'https:///user@evil.example/',
    'https://a@b@evil.example/',
  ]
  const fine = [
    'https://www.youtube.com/@artist',
    'https://example.com/a?by=ann@example.com',
    'https://example.com/a#ann@b',
    'https://example.com:8443/a.mp3',
  ]
  const links = ofKind('link')
  expect(links.length).toBeGreaterThanOrEqual(1)
  for (const field of links) {
    for (const link of withUserinfo)
      expect(outcome(field, link), `${field.path} ${link}`).toEqual({
        messages: [USERINFO_MESSAGE],
      })
    for (const link of fine)
      expect(outcome(field, link), `${field.path} ${link}`).toEqual({ value: link })
    // Look-alike slashes in the host show one site's path and open another's subdomain (the
    // fourth review); a host in any script's letters is fine.
    for (const link of [
      'https://www.dropbox.com\u2044s\u2044abc.evil.co/song.mp3',
      'https://www.dropbox.com\u2215s\u2215abc.evil.co/song.mp3',
      'https://drive.google.com\uff0fx.evil.co/a',
    ])
      expect(outcome(field, link), `${field.path} ${escape(link)}`).toEqual({
        messages: [WEB_LINK_MESSAGE],
      })
    for (const link of ['https://bücher.example/a.mp3', 'https://例え.テスト/曲.mp3'])
      expect(outcome(field, link), `${field.path} ${link}`).toEqual({ value: link })
  }
})

function escape(text: string) {
  return [...text].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase()}`).join(' ')
}
