import { type FieldMetadata, getInputProps } from '@conform-to/react'
import { formatPercent } from '~/i18n/format'
import { useLocale, useT } from '~/i18n/react'
import { componentLabel } from '~/i18n/words'
import {
  COMPONENTS,
  type Component,
  componentTotal,
  type ContributionFormRow,
  PERCENT_FIELDS,
  type PercentField,
} from '~/lib/song-constants'
import { ErrorList } from './forms'

export type ContributionRowsField = FieldMetadata<ContributionFormRow[]>
export interface ContributorNames {
  main: string
  co1: string
  co2: string
}

const isComponent = (value: string | undefined): value is Component =>
  (COMPONENTS as readonly (string | undefined)[]).includes(value)

/**
 * The rows as the form holds them now (conform follows every keystroke), with the columns that
 * count: without JavaScript every column shows and counts, as the server then decides.
 */
export function liveContributionRows(
  rows: ContributionRowsField,
  names: ContributorNames,
  interactive: boolean,
) {
  const showCo1 = !interactive || names.co1.trim() !== ''
  const showCo2 = !interactive || names.co2.trim() !== ''
  return rows.getFieldList().flatMap((row) => {
    const fields = row.getFieldset()
    const component = fields.component.initialValue
    if (!isComponent(component)) return []
    const percent = (field: PercentField) => Number(fields[field].value) || 0
    const total = componentTotal({
      contributorPercent: percent('contributorPercent'),
      coContributorPercent: showCo1 ? percent('coContributorPercent') : 0,
      coContributor2Percent: showCo2 ? percent('coContributor2Percent') : 0,
      aiPercent: percent('aiPercent'),
    })
    return [{ row, fields, component, total }]
  })
}

interface Props {
  rows: ContributionRowsField
  names: ContributorNames
  /** Components the genre shows; with JavaScript the others are hidden. */
  visible: Component[]
  /** Whether JavaScript runs: without it every row and column shows. */
  interactive: boolean
}

const cell =
  'w-full rounded-md border border-slate-300 px-2 py-1 text-right aria-[invalid=true]:border-red-500 sm:w-20'

/**
 * One row per creative component, one column per contributor plus AI, and a live total. Below
 * 640 px each row is a card: its name and total on top, one labelled field per contributor under
 * them, so nothing scrolls sideways out of a phone's view while typing (issue 25.6). One set of
 * inputs serves both layouts; `hidden` classes, not the attribute alone, hide what is not shown,
 * since a display utility would override the attribute.
 */
export function ContributionsTable({ rows, names, visible, interactive }: Props) {
  const t = useT()
  const showCo1 = !interactive || names.co1.trim() !== ''
  const showCo2 = !interactive || names.co2.trim() !== ''
  const columns: { field: PercentField; label: string; show: boolean }[] = [
    {
      field: 'contributorPercent',
      label: names.main.trim() || t('form.split.main'),
      show: true,
    },
    {
      field: 'coContributorPercent',
      label: names.co1.trim() || t('form.split.co1'),
      show: showCo1,
    },
    {
      field: 'coContributor2Percent',
      label: names.co2.trim() || t('form.split.co2'),
      show: showCo2,
    },
    { field: 'aiPercent', label: t('form.split.ai'), show: true },
  ]

  return (
    <div className="sm:overflow-x-auto" data-i18n-area="form">
      <table className="block w-full text-sm sm:table sm:min-w-full">
        <thead className="hidden sm:table-header-group">
          <tr className="text-left text-slate-600">
            <th scope="col" className="py-2 pr-4 font-medium">
              {t('form.split.component')}
            </th>
            {columns.map((column) => (
              <th
                key={column.field}
                scope="col"
                className={`px-2 py-2 text-right font-medium ${column.show ? '' : 'hidden'}`}
                hidden={!column.show}
              >
                <bdi>{column.label}</bdi> %
              </th>
            ))}
            <th scope="col" className="px-2 py-2 text-right font-medium">
              {t('form.split.total')}
            </th>
          </tr>
        </thead>
        <tbody className="block space-y-3 sm:table-row-group sm:space-y-0">
          {liveContributionRows(rows, names, interactive).map(
            ({ row, fields, component, total }) => {
              const show = !interactive || visible.includes(component)
              const rowErrors = [
                ...(row.errors ?? []),
                ...(fields.component.errors ?? []),
                ...PERCENT_FIELDS.flatMap((field) => fields[field].errors ?? []),
              ]
              const errorId = rowErrors.length > 0 ? `${row.id}-error` : undefined
              const { key: componentKey, ...componentProps } = getInputProps(fields.component, {
                type: 'hidden',
              })
              return (
                <tr
                  key={row.key}
                  hidden={!show}
                  data-testid={`split-row-${component}`}
                  className={`${show ? 'grid sm:table-row' : 'hidden'} grid-cols-2 gap-x-3 gap-y-2 rounded-lg border border-slate-200 p-3 align-top sm:rounded-none sm:border-0 sm:border-t sm:border-slate-100 sm:p-0`}
                >
                  <th
                    scope="row"
                    className="min-w-0 break-words text-left font-medium text-slate-800 sm:py-2 sm:pr-4"
                  >
                    {componentLabel(t, component)}
                    <input key={componentKey} {...componentProps} />
                    <ErrorList id={errorId} errors={rowErrors} />
                  </th>
                  {columns.map((column) => {
                    const { key, ...inputProps } = getInputProps(fields[column.field], {
                      type: 'number',
                    })
                    return (
                      <td
                        key={column.field}
                        className={`${column.show ? 'block sm:table-cell' : 'hidden'} order-2 min-w-0 sm:px-2 sm:py-2 sm:text-right`}
                        hidden={!column.show}
                      >
                        <span
                          aria-hidden="true"
                          className="block break-words text-xs text-slate-600 sm:hidden"
                        >
                          <bdi>{column.label}</bdi> %
                        </span>
                        <input
                          key={key}
                          {...inputProps}
                          min={0}
                          max={100}
                          step="0.01"
                          inputMode="decimal"
                          aria-label={t('form.split.cell', {
                            component: componentLabel(t, component),
                            column: column.label,
                          })}
                          aria-describedby={errorId}
                          className={cell}
                        />
                      </td>
                    )
                  })}
                  <td className="order-1 text-right sm:px-2 sm:py-2">
                    <span className="text-xs text-slate-500 sm:hidden">
                      {t('form.split.total')}{' '}
                    </span>
                    <RowTotal component={component} total={interactive ? total : null} />
                  </td>
                </tr>
              )
            },
          )}
        </tbody>
      </table>
      {!interactive && (
        <p className="mt-2 text-xs text-slate-500" data-testid="no-script-totals">
          {t('form.split.noScript')}
        </p>
      )}
    </div>
  )
}

/**
 * A row's total. Without JavaScript nothing can follow what is typed, so no figure is shown
 * (a green 100% over a 50 + 30 + 30 row would be a lie, issue 25.5): the review works it out.
 */
function RowTotal({ component, total }: { component: Component; total: number | null }) {
  const t = useT()
  const locale = useLocale()
  if (total === null)
    return (
      <span data-testid={`total-${component}`} className="inline-block px-2 py-1 text-slate-500">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t('form.split.notYet')}</span>
      </span>
    )
  return (
    <>
      <span
        data-testid={`total-${component}`}
        className={`inline-block min-w-16 rounded px-2 py-1 font-semibold ${total === 100 ? 'bg-green-50 text-green-800' : 'bg-amber-50 text-amber-900'}`}
      >
        {formatPercent(locale, total / 100)}
      </span>
      {total !== 100 && <span className="sr-only"> {t('form.split.mustTotal')}</span>}
    </>
  )
}
