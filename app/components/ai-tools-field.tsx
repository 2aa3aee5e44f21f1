import type { FieldMetadata } from '@conform-to/react'
import { useT } from '~/i18n/react'
import { componentLabel } from '~/i18n/words'
import { type AiToolFormRow, COMPONENTS, type Component, MAX_AI_TOOLS } from '~/lib/song-constants'
import { ErrorList, Field } from './forms'
import { CHECKBOX } from './ui/button'

// Issue 51.5 (decision 119): the generative-AI tools by name, each with the parts it worked on.
// A fixed number of plain rows, so the form works without JavaScript; an empty row is no tool.
// Plain inputs named as conform names a row's fields: their values and errors are read from the
// list's own metadata, so a row exists whether or not the form's values had it yet.

export function AiToolsSection({ rows }: { rows: FieldMetadata<AiToolFormRow[]> }) {
  const t = useT()
  const values = Array.isArray(rows.initialValue) ? rows.initialValue : []
  return (
    <section className="rounded-xl border border-slate-200 p-5 sm:p-6" data-i18n-area="form">
      <h2 className="text-lg font-semibold text-slate-900">{t('form.aiTools.title')}</h2>
      <p className="mt-1 text-sm text-slate-600">{t('form.aiTools.description')}</p>
      {Array.from({ length: MAX_AI_TOOLS }, (_, index) => {
        const name = (field: string) => `${rows.name}[${index}].${field}`
        const id = (field: string) => `${rows.formId}-${name(field)}`
        const errors = (field: string) => rows.allErrors[name(field)]
        const row = values[index]
        const value = typeof row === 'object' ? row : undefined
        // Ticked on the form, or listed as a song's saved tool is.
        const ticked = (c: Component) =>
          value?.[c] === 'on' || [value?.components].flat().includes(c)
        return (
          <fieldset key={index} className="mt-4">
            <legend className="sr-only">{t('form.aiTools.tool', { number: index + 1 })}</legend>
            <Field
              label={t('form.aiTools.tool', { number: index + 1 })}
              id={id('name')}
              name={name('name')}
              defaultValue={value?.name ?? ''}
              errors={errors('name')}
            />
            <div className="mt-1 flex flex-wrap gap-x-5">
              {COMPONENTS.map((c) => (
                <label key={c} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    id={id(c)}
                    name={name(c)}
                    defaultChecked={ticked(c)}
                    className={CHECKBOX}
                    // Its own name beside the form's Lyrics field and the other rows' boxes.
                    aria-label={t('form.aiTools.part', {
                      number: index + 1,
                      component: componentLabel(t, c),
                    })}
                    aria-describedby={
                      errors('components') ? `${id('components')}-error` : undefined
                    }
                  />
                  {componentLabel(t, c)}
                </label>
              ))}
            </div>
            <ErrorList id={`${id('components')}-error`} errors={errors('components')} />
          </fieldset>
        )
      })}
    </section>
  )
}
