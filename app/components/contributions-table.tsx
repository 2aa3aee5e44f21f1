import { type FieldMetadata, getInputProps } from '@conform-to/react'
import {
  COMPONENT_LABELS,
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
  'w-20 rounded-md border border-slate-300 px-2 py-1 text-right aria-[invalid=true]:border-red-500'

/** One row per creative component, one column per contributor plus AI, and a live total. */
export function ContributionsTable({ rows, names, visible, interactive }: Props) {
  const showCo1 = !interactive || names.co1.trim() !== ''
  const showCo2 = !interactive || names.co2.trim() !== ''
  const columns: { field: PercentField; label: string; show: boolean }[] = [
    { field: 'contributorPercent', label: names.main.trim() || 'Main contributor', show: true },
    { field: 'coContributorPercent', label: names.co1.trim() || 'Co-contributor', show: showCo1 },
    {
      field: 'coContributor2Percent',
      label: names.co2.trim() || 'Co-contributor 2',
      show: showCo2,
    },
    { field: 'aiPercent', label: 'AI', show: true },
  ]

  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-sm">
        <thead>
          <tr className="text-left text-slate-600">
            <th scope="col" className="py-2 pr-4 font-medium">
              Component
            </th>
            {columns.map((column) => (
              <th
                key={column.field}
                scope="col"
                className="px-2 py-2 text-right font-medium"
                hidden={!column.show}
              >
                {column.label} %
              </th>
            ))}
            <th scope="col" className="px-2 py-2 text-right font-medium">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
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
                <tr key={row.key} hidden={!show} className="border-t border-slate-100 align-top">
                  <th scope="row" className="py-2 pr-4 text-left font-medium text-slate-800">
                    {COMPONENT_LABELS[component]}
                    <input key={componentKey} {...componentProps} />
                    <ErrorList id={errorId} errors={rowErrors} />
                  </th>
                  {columns.map((column) => {
                    const { key, ...inputProps } = getInputProps(fields[column.field], {
                      type: 'number',
                    })
                    return (
                      <td key={column.field} className="px-2 py-2 text-right" hidden={!column.show}>
                        <input
                          key={key}
                          {...inputProps}
                          min={0}
                          max={100}
                          step="0.01"
                          inputMode="decimal"
                          aria-label={`${COMPONENT_LABELS[component]}: ${column.label} %`}
                          aria-describedby={errorId}
                          className={cell}
                        />
                      </td>
                    )
                  })}
                  <td className="px-2 py-2 text-right">
                    <span
                      data-testid={`total-${component}`}
                      className={`inline-block min-w-16 rounded px-2 py-1 font-semibold ${total === 100 ? 'bg-green-50 text-green-800' : 'bg-amber-50 text-amber-900'}`}
                    >
                      {formatPercent(total)}%
                    </span>
                    {total !== 100 && <span className="sr-only"> (must total 100%)</span>}
                  </td>
                </tr>
              )
            },
          )}
        </tbody>
      </table>
    </div>
  )
}

export function formatPercent(value: number) {
  return Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/0$/, '')
}
