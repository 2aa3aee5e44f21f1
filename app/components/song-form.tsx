import { useEffect, useState } from 'react'
import { GENRES, visibleComponents } from '~/lib/song-constants'
import { ContributionsTable, type FieldErrors, percentValuesFrom } from './contributions-table'
import { Field, TextareaField } from './forms'
import { RecordingFingerprintField } from './recording-fingerprint-field'

export type SongFormValues = Record<string, unknown>

const text = (values: SongFormValues, name: string) => {
  const value = values[name]
  return typeof value === 'string' ? value : ''
}

function Section({ title, children, description }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  )
}

export function PrivacyNotice() {
  return (
    <aside className="rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm text-brand-900">
      <p className="font-semibold">Privacy notice</p>
      <p className="mt-1">
        Your lyrics and creative notes stay private: when you register a song on the blockchain, only their fingerprints (SHA-256)
        go into the public record. The other details on your certificate become public once the song is registered, and a
        blockchain record can never be deleted or changed.
      </p>
    </aside>
  )
}

/**
 * Step one of /submit. Without JavaScript every field shows and the server applies the genre
 * and co-contributor rules; with it, hidden parts follow the genre and the names as you type.
 */
export function SongForm({ values, errors, today, onBusyChange }: { values: SongFormValues; errors: FieldErrors; today: string; onBusyChange?: (busy: boolean) => void }) {
  const [interactive, setInteractive] = useState(false)
  useEffect(() => setInteractive(true), [])
  const [genre, setGenre] = useState(text(values, 'genre'))
  const [names, setNames] = useState({ main: text(values, 'contributorName'), co1: text(values, 'coContributorName'), co2: text(values, 'coContributorName2') })
  const showCo1 = !interactive || names.co1.trim() !== ''
  const showCo2 = !interactive || names.co2.trim() !== ''
  const field = (name: string) => ({ id: `song-${name}`, name, defaultValue: text(values, name), errors: errors[name] })

  return (
    <div className="space-y-6">
      <Section title="Basic Information">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Song Title *" required {...field('title')} />
          <Field label="Date Created *" type="date" required max={today} {...field('dateCreated')} defaultValue={text(values, 'dateCreated') || today} />
          <Field label="Main Contributor Name *" required {...field('contributorName')} onChange={(e) => setNames((n) => ({ ...n, main: e.target.value }))} />
          <div>
            <label htmlFor="song-genre" className="block text-sm font-medium text-slate-800">Genre</label>
            <select id="song-genre" name="genre" defaultValue={genre} onChange={(e) => setGenre(e.target.value)} className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2" aria-invalid={errors.genre ? true : undefined}>
              <option value="">Select a genre</option>
              {GENRES.map((g) => <option key={g} value={g}>{g}</option>)}
            </select>
            {errors.genre && <p className="mt-1 text-sm text-red-700">{errors.genre[0]}</p>}
          </div>
          <Field label="Co-Contributor Name" {...field('coContributorName')} onChange={(e) => setNames((n) => ({ ...n, co1: e.target.value }))} />
          <Field label="Co-Contributor 2 Name" {...field('coContributorName2')} onChange={(e) => setNames((n) => ({ ...n, co2: e.target.value }))} />
          <Field label="Tools Used *" required hint="Instruments, software and AI tools, e.g. Logic Pro, Suno" {...field('toolsUsed')} />
          <Field label="Song Link *" type="url" required hint="Where the recording lives: SoundCloud, Dropbox, YouTube…" placeholder="https://" {...field('fileLink')} />
        </div>
      </Section>

      <Section title="Fingerprint your recording (Optional)" description="The SHA-256 of the file's bytes goes into the certificate, so anyone holding the file can later check it is this recording.">
        <RecordingFingerprintField values={values} errors={errors} interactive={interactive} onBusyChange={onBusyChange} />
      </Section>

      <Section title="Song Identifiers (Optional)" description="Hyphens and lower case are fine; we store the standard form.">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="ISRC" placeholder="CCXXXNNNNNNN" {...field('isrc')} />
          <Field label="ISWC" placeholder="T-123.456.789-0" {...field('iswc')} />
          <Field label="UPC" inputMode="numeric" placeholder="12 digits" {...field('upc')} />
          <Field label="Other Identifier" {...field('otherIdentifier')} />
        </div>
      </Section>

      <Section title="Performance Rights Organizations (Optional)">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Main Contributor PRO" placeholder="ASCAP, BMI, PRS…" {...field('mainContributorPro')} />
          <Field label="Main Contributor PRO Number" {...field('mainContributorProNumber')} />
          <>
            <Field label="Co-Contributor PRO" className={showCo1 ? '' : 'hidden'} {...field('coContributorPro')} />
            <Field label="Co-Contributor PRO Number" className={showCo1 ? '' : 'hidden'} {...field('coContributorProNumber')} />
          </>
          <>
            <Field label="Co-Contributor 2 PRO" className={showCo2 ? '' : 'hidden'} {...field('coContributor2Pro')} />
            <Field label="Co-Contributor 2 PRO Number" className={showCo2 ? '' : 'hidden'} {...field('coContributor2ProNumber')} />
          </>
        </div>
      </Section>

      <Section title="Content & Creative Notes (Optional)">
        <div className="space-y-4">
          <TextareaField label="Lyrics" rows={8} {...field('lyrics')} />
          <TextareaField label="Creative Notes" rows={4} hint="Inspiration, how it was made, which parts AI helped with…" {...field('creativeNotes')} />
        </div>
      </Section>

      <Section title="Creative Contributions" description="For each component, split the work between the contributors and AI. Each component should total 100%.">
        <ContributionsTable names={names} initial={percentValuesFrom(values.contributions)} errors={errors} visible={visibleComponents(genre)} interactive={interactive} />
        {errors.contributions && <p className="mt-2 text-sm text-red-700">{errors.contributions[0]}</p>}
        <p className="mt-3 text-xs text-slate-500">A total other than 100% is flagged; you can still continue and fix it later.</p>
      </Section>

      <PrivacyNotice />
    </div>
  )
}
