import { type FieldMetadata, getInputProps } from '@conform-to/react'
import { Field } from '~/components/forms'
import { useT } from '~/i18n/react'
import { DEFAULT_WORDS_WEIGHT } from '~/lib/song-writers-rules'
import { CHECKBOX } from './ui/button'

// Issue 51 (decision 117): the two choices the writers' shares of the song are derived with, on
// the details form. Plain inputs: a ticked box posts "on", so it works without JavaScript.

type Meta = FieldMetadata<string>

export interface SongWritersFields {
  contributorWroteMelody: Meta
  coContributorWroteMelody: Meta
  coContributor2WroteMelody: Meta
  wordsWeightPercent: Meta
}

export function SongWritersSection({
  fields,
  names,
}: {
  fields: SongWritersFields
  /** The named contributors, in slot order; an unnamed slot is left out. */
  names: { main: string; co1: string | null; co2: string | null }
}) {
  const t = useT()
  const boxes = [
    [fields.contributorWroteMelody, names.main],
    [fields.coContributorWroteMelody, names.co1],
    [fields.coContributor2WroteMelody, names.co2],
  ] as const
  return (
    <section className="rounded-xl border border-slate-200 p-5 sm:p-6" data-i18n-area="form">
      <h2 className="text-lg font-semibold text-slate-900">{t('form.writers.title')}</h2>
      {/* The whole paragraph is one message: its last sentence is MELODY_RULE's. */}
      <p className="mt-1 text-sm text-slate-600">{t('form.writers.description')}</p>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-slate-800">{t('form.writers.melody')}</legend>
        <div className="mt-2 space-y-2">
          {boxes.map(([field, name]) =>
            name ? (
              <label key={field.name} className="flex min-h-11 items-center gap-3 text-slate-800">
                <input
                  {...getInputProps(field, { type: 'checkbox', value: 'on' })}
                  className={`${CHECKBOX} rounded border-slate-300`}
                />
                <bdi>{name}</bdi>
              </label>
            ) : null,
          )}
        </div>
      </fieldset>
      <Field
        className="mt-4 sm:w-1/2"
        label={t('form.writers.weight')}
        hint={t('form.writers.weight.hint', {
          words: DEFAULT_WORDS_WEIGHT,
          music: 100 - DEFAULT_WORDS_WEIGHT,
        })}
        inputMode="numeric"
        placeholder={String(DEFAULT_WORDS_WEIGHT)}
        errors={fields.wordsWeightPercent.errors}
        {...getInputProps(fields.wordsWeightPercent, { type: 'text' })}
      />
    </section>
  )
}
