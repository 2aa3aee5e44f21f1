import {
  type FieldMetadata,
  getInputProps,
  getSelectProps,
  getTextareaProps,
} from '@conform-to/react'
import { type ComponentProps, Fragment } from 'react'
import { useHydrated } from '~/lib/hooks'
import { COMPONENTS, GENRES, visibleComponents } from '~/lib/song-constants'
import type { SongFields } from '~/lib/song-form-fields'
import { AiToolsSection } from './ai-tools-field'
import { ContributionsTable } from './contributions-table'
import { DurationField } from './duration-field'
import { ErrorList, Field, TextareaField } from './forms'
import { RecordingFingerprintField } from './recording-fingerprint-field'
import { TermNote } from './term'
import { PRO } from '~/lib/glossary/pro'
import { IPI } from '~/lib/glossary/ipi'
import { SHA_256 } from '~/lib/glossary/sha-256'

/**
 * Where the error summary's links go for the song forms' fields that are not conform's own
 * `${formId}-${name}` control (issue 52.2): a split row and the split go to the row's first
 * share, a fingerprinted file's label to the label, its fingerprint to its file chooser.
 */
export function songFormTargets(formId: string) {
  return (name: string) => {
    const row = /^contributions(?:\[(\d+)\])?$/.exec(name)
    if (row) return `${formId}-contributions[${row[1] ?? 0}].contributorPercent`
    const recording = /^recordings\[(\d+)\]\.(\w+)$/.exec(name)
    if (recording) return `recording-${recording[1]}-${recording[2] === 'label' ? 'label' : 'file'}`
    const tool = /^aiTools\[(\d+)\]\.(name|components)$/.exec(name)
    if (tool) return `${formId}-aiTools[${tool[1]}].${tool[2] === 'name' ? 'name' : COMPONENTS[0]}`
    if (name === 'genre') return 'song-genre'
    return undefined
  }
}

/** One text field of a song form: the submit form's, or the details form's (issue 25). */
type TextMeta = FieldMetadata<string>
type TextFields<Name extends string> = Record<Name, TextMeta>

/** One text input of the form: its label and attributes, with conform's props and errors. */
function TextSlot({
  field,
  ...props
}: { field: TextMeta } & Omit<ComponentProps<typeof Field>, 'errors'>) {
  return <Field {...props} errors={field.errors} {...getInputProps(field, { type: 'text' })} />
}

type LatinNameField = 'contributorLatinName' | 'coContributorLatinName' | 'coContributor2LatinName'

/**
 * Each contributor's name in Latin script, beside the name in their own script (issue 26): what
 * PROs and partners file. Optional; the co-contributors' show once they are named (with JS).
 */
export function LatinNameFields({
  fields,
  showCo1,
  showCo2,
}: {
  fields: TextFields<LatinNameField>
  showCo1: boolean
  showCo2: boolean
}) {
  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-sm font-semibold text-slate-800">
        Names in Latin script (Optional)
      </legend>
      <p className="mt-1 text-sm text-slate-600">
        For a name written in another script, as royalty societies and partners file it: 김민지 →
        Kim Minji.
      </p>
      <div className="mt-2 grid gap-4 sm:grid-cols-3">
        <TextSlot label="Main contributor in Latin script" field={fields.contributorLatinName} />
        {showCo1 ? (
          <TextSlot label="Co-contributor in Latin script" field={fields.coContributorLatinName} />
        ) : null}
        {showCo2 ? (
          <TextSlot
            label="Co-contributor 2 in Latin script"
            field={fields.coContributor2LatinName}
          />
        ) : null}
      </div>
    </fieldset>
  )
}

function Section({
  title,
  children,
  description,
}: {
  title: string
  description?: string
  children: React.ReactNode
}) {
  return (
    <section className="rounded-xl border border-slate-200 p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  )
}

/** `explained`: false where the page has explained SHA-256 already, by its first mention. */
export function PrivacyNotice({ explained = true }: { explained?: boolean }) {
  return (
    <aside className="rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm text-brand-900">
      <p className="font-semibold">Privacy notice</p>
      <p className="mt-1">
        Your lyrics and creative notes stay private: when you register a song, only their
        fingerprints (SHA-256) go into its record. The other details on your certificate become
        public once the song is registered; where it is registered on a public blockchain, that
        record can never be deleted or changed.
      </p>
      {explained ? <TermNote note={SHA_256} className="mt-1 text-brand-900" /> : null}
    </aside>
  )
}

/**
 * Step one of /submit. Without JavaScript every field shows and the server applies the genre
 * and co-contributor rules; with it, hidden parts follow the genre and the names as you type.
 */
export function SongForm({
  fields,
  today,
  onBusyChange,
}: {
  fields: SongFields
  today: string
  onBusyChange?: (busy: boolean) => void
}) {
  const interactive = useHydrated()
  // conform follows every keystroke, so these are what the fields hold now.
  const names = {
    main: fields.contributorName.value ?? '',
    co1: fields.coContributorName.value ?? '',
    co2: fields.coContributorName2.value ?? '',
  }
  const showCo1 = !interactive || names.co1.trim() !== ''
  const showCo2 = !interactive || names.co2.trim() !== ''

  return (
    <div className="space-y-6">
      <Section title="Basic Information">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextSlot label="Song Title *" required field={fields.title} />
          <Field
            label="Date Created *"
            required
            max={today}
            errors={fields.dateCreated.errors}
            {...getInputProps(fields.dateCreated, { type: 'date' })}
            defaultValue={fields.dateCreated.initialValue || today}
          />
          <TextSlot label="Main Contributor Name *" required field={fields.contributorName} />
          <GenreSelect field={fields.genre} />
          <TextSlot label="Co-Contributor Name" field={fields.coContributorName} />
          <TextSlot label="Co-Contributor 2 Name" field={fields.coContributorName2} />
          <LatinNameFields fields={fields} showCo1={showCo1} showCo2={showCo2} />
          <TextSlot
            label="Tools Used *"
            required
            hint="Instruments and software, e.g. Logic Pro; AI tools go below"
            field={fields.toolsUsed}
          />
          <Field
            label="Song Link *"
            required
            hint="Where the recording lives: SoundCloud, Dropbox, YouTube…"
            placeholder="https://"
            errors={fields.fileLink.errors}
            {...getInputProps(fields.fileLink, { type: 'url' })}
          />
        </div>
      </Section>

      <Section
        title="Fingerprint your recordings (Optional)"
        description="The SHA-256 of each file's bytes goes into the certificate under its label, so anyone holding one of the files can later check it is that file."
      >
        <TermNote note={SHA_256} className="mb-3" />
        <RecordingFingerprintField
          fields={fields}
          interactive={interactive}
          onBusyChange={onBusyChange}
        />
      </Section>

      <IdentifiersSection fields={fields} />
      <RecordingSection fields={fields} />
      <ProSection fields={fields} showCo1={showCo1} showCo2={showCo2} />
      <ContentSection fields={fields} />

      <Section
        title="Creative Contributions"
        description="For each component, split the work between the contributors and AI. Each component should total 100%."
      >
        <ContributionsTable
          rows={fields.contributions}
          names={names}
          visible={visibleComponents(fields.genre.value)}
          interactive={interactive}
        />
        <ErrorList id={fields.contributions.errorId} errors={fields.contributions.errors} />
        <p className="mt-3 text-xs text-slate-500">
          A total other than 100% is flagged; you can still continue and fix it later.
        </p>
      </Section>

      <AiToolsSection rows={fields.aiTools} />

      <PrivacyNotice explained={false} />
    </div>
  )
}

/** The genre, from the spec's list; the split's components follow it (SPEC §2). */
export function GenreSelect({ field }: { field: TextMeta }) {
  const { key, ...props } = getSelectProps(field)
  return (
    <div>
      <label htmlFor="song-genre" className="block text-sm font-medium text-slate-800">
        Genre
      </label>
      <select
        key={key}
        {...props}
        id="song-genre"
        aria-describedby={field.errors ? 'song-genre-error' : undefined}
        className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
      >
        <option value="">Select a genre</option>
        {GENRES.map((g) => (
          <option key={g} value={g}>
            {g}
          </option>
        ))}
      </select>
      <ErrorList id="song-genre-error" errors={field.errors} />
    </div>
  )
}

export function IdentifiersSection({
  fields,
}: {
  fields: TextFields<'isrc' | 'iswc' | 'upc' | 'otherIdentifier'>
}) {
  return (
    <Section
      title="Song Identifiers (Optional)"
      description="Hyphens and lower case are fine; we store the standard form."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextSlot label="ISRC" placeholder="CCXXXNNNNNNN" field={fields.isrc} />
        <TextSlot label="ISWC" placeholder="T-123.456.789-0" field={fields.iswc} />
        <TextSlot label="UPC" inputMode="numeric" placeholder="12 digits" field={fields.upc} />
        <TextSlot label="Other Identifier" field={fields.otherIdentifier} />
      </div>
    </Section>
  )
}

/**
 * The recording's length (issue 40), which the DDEX export requires: on the submit form and the
 * details page alike. Typed without JavaScript; with it, also read from an audio file.
 */
export function RecordingSection({ fields }: { fields: TextFields<'duration'> }) {
  return (
    <Section title="Recording (Optional)">
      <div className="sm:w-1/2">
        <DurationField field={fields.duration} />
      </div>
    </Section>
  )
}

const PRO_PEOPLE = [
  ['mainContributor', 'Main Contributor'],
  ['coContributor', 'Co-Contributor'],
  ['coContributor2', 'Co-Contributor 2'],
] as const
type ProField =
  `${(typeof PRO_PEOPLE)[number][0]}${'Pro' | 'ProNumber' | 'Publisher' | 'PublisherIpi'}`

/**
 * Each person's PRO and PRO number, and their publisher and its IPI (issue 51.3). `showCo1`/
 * `showCo2`: whether a co-contributor's fields apply (they are hidden, not dropped).
 */
export function ProSection({
  fields,
  showCo1,
  showCo2,
}: {
  fields: TextFields<ProField>
  showCo1: boolean
  showCo2: boolean
}) {
  const shown = [true, showCo1, showCo2]
  return (
    <Section title="Performance Rights Organizations and Publishers (Optional)">
      <TermNote note={PRO} />
      <TermNote note={IPI} className="mb-3 mt-1" />
      <div className="grid gap-4 sm:grid-cols-2">
        {PRO_PEOPLE.map(([key, who], index) => {
          const className = shown[index] ? '' : 'hidden'
          return (
            <Fragment key={key}>
              <TextSlot
                label={`${who} PRO`}
                placeholder={index === 0 ? 'ASCAP, BMI, PRS…' : undefined}
                className={className}
                field={fields[`${key}Pro`]}
              />
              <TextSlot
                label={`${who} PRO Number`}
                className={className}
                field={fields[`${key}ProNumber`]}
              />
              <TextSlot
                label={`${who} Publisher`}
                className={className}
                field={fields[`${key}Publisher`]}
              />
              <TextSlot
                label={`${who} Publisher IPI`}
                inputMode="numeric"
                className={className}
                field={fields[`${key}PublisherIpi`]}
              />
            </Fragment>
          )
        })}
      </div>
    </Section>
  )
}

export function ContentSection({ fields }: { fields: TextFields<'lyrics' | 'creativeNotes'> }) {
  return (
    <Section title="Content & Creative Notes (Optional)">
      <div className="space-y-4">
        <TextareaField
          label="Lyrics"
          rows={8}
          errors={fields.lyrics.errors}
          {...getTextareaProps(fields.lyrics)}
        />
        <TextareaField
          label="Creative Notes"
          rows={4}
          hint="Inspiration, how it was made, which parts AI helped with…"
          errors={fields.creativeNotes.errors}
          {...getTextareaProps(fields.creativeNotes)}
        />
      </div>
    </Section>
  )
}
