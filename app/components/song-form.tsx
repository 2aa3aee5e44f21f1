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
import { useT } from '~/i18n/react'
import { readFormErrorsWith } from '~/i18n/form-errors'
import { genreLabel, useTermNotes } from '~/i18n/words'
import { readSongFormError } from './song-form-errors'

// Every page that draws a song form loads this module: its refusals with a name or the
// components inside are translated where they are shown, in the fields and the error summary.
readFormErrorsWith(readSongFormError)

/** The SHA-256 note (the glossary's sentence, app/lib/glossary/sha-256.ts) in the page's language. */
function useSha256Note() {
  const t = useT()
  return { term: 'SHA-256', sentence: t('form.note.sha256') }
}

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
  const t = useT()
  return (
    <fieldset className="sm:col-span-2" data-i18n-area="form">
      <legend className="text-sm font-semibold text-slate-800">{t('form.latin.legend')}</legend>
      <p className="mt-1 text-sm text-slate-600">{t('form.latin.hint')}</p>
      <div className="mt-2 grid gap-4 sm:grid-cols-3">
        <TextSlot label={t('form.latin.main')} field={fields.contributorLatinName} />
        {showCo1 ? (
          <TextSlot label={t('form.latin.co1')} field={fields.coContributorLatinName} />
        ) : null}
        {showCo2 ? (
          <TextSlot label={t('form.latin.co2')} field={fields.coContributor2LatinName} />
        ) : null}
      </div>
    </fieldset>
  )
}

// `data-i18n-area="form"` marks the parts whose words are the form area's (decision 120): the
// pages around them are another area's, and the form's pseudo-language test checks these parts
// (tests/e2e/i18n-pseudo-form.test.ts).
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
    <section className="rounded-xl border border-slate-200 p-5 sm:p-6" data-i18n-area="form">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  )
}

/** `explained`: false where the page has explained SHA-256 already, by its first mention. */
export function PrivacyNotice({ explained = true }: { explained?: boolean }) {
  const t = useT()
  const sha256 = useSha256Note()
  return (
    <aside
      className="rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm text-brand-900"
      data-i18n-area="form"
    >
      <p className="font-semibold">{t('form.privacy.title')}</p>
      <p className="mt-1">{t('form.privacy.text')}</p>
      {explained ? <TermNote note={sha256} className="mt-1 text-brand-900" /> : null}
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
  const t = useT()
  const sha256 = useSha256Note()
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
      <Section title={t('form.basic.title')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextSlot label={t('form.field.title')} required field={fields.title} />
          <Field
            label={t('form.field.dateCreated')}
            required
            max={today}
            errors={fields.dateCreated.errors}
            {...getInputProps(fields.dateCreated, { type: 'date' })}
            defaultValue={fields.dateCreated.initialValue || today}
          />
          <TextSlot
            label={t('form.field.contributorName')}
            required
            field={fields.contributorName}
          />
          <GenreSelect field={fields.genre} />
          <TextSlot label={t('form.field.coContributorName')} field={fields.coContributorName} />
          <TextSlot label={t('form.field.coContributorName2')} field={fields.coContributorName2} />
          <LatinNameFields fields={fields} showCo1={showCo1} showCo2={showCo2} />
          <TextSlot
            label={t('form.field.toolsUsed')}
            required
            hint={t('form.field.toolsUsed.hint')}
            field={fields.toolsUsed}
          />
          <Field
            label={t('form.field.fileLink')}
            required
            hint={t('form.field.fileLink.hint')}
            placeholder={t('form.field.fileLink.placeholder')}
            errors={fields.fileLink.errors}
            {...getInputProps(fields.fileLink, { type: 'url' })}
          />
        </div>
      </Section>

      <Section title={t('form.recordings.title')} description={t('form.recordings.description')}>
        <TermNote note={sha256} className="mb-3" />
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

      <Section title={t('form.split.title')} description={t('form.split.description')}>
        <ContributionsTable
          rows={fields.contributions}
          names={names}
          visible={visibleComponents(fields.genre.value)}
          interactive={interactive}
        />
        <ErrorList id={fields.contributions.errorId} errors={fields.contributions.errors} />
        <p className="mt-3 text-xs text-slate-500">{t('form.split.flagged')}</p>
      </Section>

      <AiToolsSection rows={fields.aiTools} />

      <PrivacyNotice explained={false} />
    </div>
  )
}

/** The genre, from the spec's list; the split's components follow it (SPEC §2). */
export function GenreSelect({ field }: { field: TextMeta }) {
  const t = useT()
  const { key, ...props } = getSelectProps(field)
  return (
    <div data-i18n-area="form">
      <label htmlFor="song-genre" className="block text-sm font-medium text-slate-800">
        {t('form.genre.label')}
      </label>
      <select
        key={key}
        {...props}
        id="song-genre"
        aria-describedby={field.errors ? 'song-genre-error' : undefined}
        className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
      >
        <option value="">{t('form.genre.choose')}</option>
        {/* The value is the data, the spec's English name; only what is shown is translated. */}
        {GENRES.map((g) => (
          <option key={g} value={g}>
            {genreLabel(t, g)}
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
  const t = useT()
  return (
    <Section title={t('form.identifiers.title')} description={t('form.identifiers.description')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextSlot label="ISRC" placeholder="CCXXXNNNNNNN" field={fields.isrc} />
        <TextSlot label="ISWC" placeholder="T-123.456.789-0" field={fields.iswc} />
        <TextSlot
          label="UPC"
          inputMode="numeric"
          placeholder={t('form.identifiers.upc.placeholder')}
          field={fields.upc}
        />
        <TextSlot label={t('form.identifiers.other')} field={fields.otherIdentifier} />
      </div>
    </Section>
  )
}

/**
 * The recording's length (issue 40), which the DDEX export requires: on the submit form and the
 * details page alike. Typed without JavaScript; with it, also read from an audio file.
 */
export function RecordingSection({ fields }: { fields: TextFields<'duration'> }) {
  const t = useT()
  return (
    <Section title={t('form.recording.title')}>
      <div className="sm:w-1/2">
        <DurationField field={fields.duration} />
      </div>
    </Section>
  )
}

const PRO_PEOPLE = [
  ['mainContributor', 'main'],
  ['coContributor', 'co1'],
  ['coContributor2', 'co2'],
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
  const t = useT()
  const notes = useTermNotes()
  const shown = [true, showCo1, showCo2]
  return (
    <Section title={t('form.pro.title')}>
      <TermNote note={notes.PRO} />
      <TermNote note={notes.IPI} className="mb-3 mt-1" />
      <div className="grid gap-4 sm:grid-cols-2">
        {PRO_PEOPLE.map(([key, who], index) => {
          const className = shown[index] ? '' : 'hidden'
          return (
            <Fragment key={key}>
              <TextSlot
                label={t('form.pro.pro', { who })}
                placeholder={index === 0 ? t('form.pro.placeholder') : undefined}
                className={className}
                field={fields[`${key}Pro`]}
              />
              <TextSlot
                label={t('form.pro.number', { who })}
                className={className}
                field={fields[`${key}ProNumber`]}
              />
              <TextSlot
                label={t('form.pro.publisher', { who })}
                className={className}
                field={fields[`${key}Publisher`]}
              />
              <TextSlot
                label={t('form.pro.publisherIpi', { who })}
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
  const t = useT()
  return (
    <Section title={t('form.content.title')}>
      <div className="space-y-4">
        <TextareaField
          label={t('form.content.lyrics')}
          rows={8}
          errors={fields.lyrics.errors}
          {...getTextareaProps(fields.lyrics)}
        />
        <TextareaField
          label={t('form.content.notes')}
          rows={4}
          hint={t('form.content.notes.hint')}
          errors={fields.creativeNotes.errors}
          {...getTextareaProps(fields.creativeNotes)}
        />
      </div>
    </Section>
  )
}
