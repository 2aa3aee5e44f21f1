import { useState } from 'react'
import { COMPONENT_LABELS, COMPONENTS, type Component, componentTotal, PERCENT_FIELDS, type PercentField } from '~/lib/song-constants'
import { ErrorList } from './forms'

export type PercentValues = Record<Component, Record<PercentField, string>>
export type FieldErrors = Record<string, string[] | null | undefined>

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/** Percent inputs from whatever came back (a parsed song or a raw form post); defaults otherwise. */
export function percentValuesFrom(rows: unknown): PercentValues {
  const list = Array.isArray(rows) ? rows.filter(isRecord) : []
  const read = (row: Record<string, unknown> | undefined, field: PercentField, fallback: string) => {
    const value = row?.[field]
    return typeof value === 'string' || typeof value === 'number' ? String(value) : row ? '0' : fallback
  }
  return Object.fromEntries(
    COMPONENTS.map((component) => {
      const row = list.find((r) => r.component === component)
      return [component, { contributorPercent: read(row, 'contributorPercent', '100'), coContributorPercent: read(row, 'coContributorPercent', '0'), coContributor2Percent: read(row, 'coContributor2Percent', '0'), aiPercent: read(row, 'aiPercent', '0') }]
    }),
  ) as PercentValues
}

interface Props {
  names: { main: string; co1: string; co2: string }
  initial: PercentValues
  errors?: FieldErrors
  /** Components the genre shows; with JavaScript the others are hidden. */
  visible: Component[]
  /** Whether JavaScript runs: without it every row and column shows. */
  interactive: boolean
  onTotalsChange?: (allComplete: boolean) => void
}

const cell = 'w-20 rounded-md border border-slate-300 px-2 py-1 text-right aria-[invalid=true]:border-red-500'

/** One row per creative component, one column per contributor plus AI, and a live total. */
export function ContributionsTable({ names, initial, errors = {}, visible, interactive, onTotalsChange }: Props) {
  const [values, setValues] = useState(initial)
  const showCo1 = !interactive || names.co1.trim() !== ''
  const showCo2 = !interactive || names.co2.trim() !== ''
  const columns: { field: PercentField; label: string; show: boolean }[] = [
    { field: 'contributorPercent', label: names.main.trim() || 'Main contributor', show: true },
    { field: 'coContributorPercent', label: names.co1.trim() || 'Co-contributor', show: showCo1 },
    { field: 'coContributor2Percent', label: names.co2.trim() || 'Co-contributor 2', show: showCo2 },
    { field: 'aiPercent', label: 'AI', show: true },
  ]
  const rows = COMPONENTS.map((component, index) => ({ component, index, show: !interactive || visible.includes(component) }))

  function update(component: Component, field: PercentField, value: string) {
    const next = { ...values, [component]: { ...values[component], [field]: value } }
    setValues(next)
    onTotalsChange?.(visible.every((c) => totalOf(next[c], showCo1, showCo2) === 100))
  }

  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-sm">
        <thead>
          <tr className="text-left text-slate-600">
            <th scope="col" className="py-2 pr-4 font-medium">Component</th>
            {columns.map((column) => (
              <th key={column.field} scope="col" className="px-2 py-2 text-right font-medium" hidden={!column.show}>{column.label} %</th>
            ))}
            <th scope="col" className="px-2 py-2 text-right font-medium">Total</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ component, index, show }) => {
            const total = totalOf(values[component], showCo1, showCo2)
            const rowErrors = PERCENT_FIELDS.flatMap((field) => errors[`contributions[${index}].${field}`] ?? [])
            return (
              <tr key={component} hidden={!show} className="border-t border-slate-100 align-top">
                <th scope="row" className="py-2 pr-4 text-left font-medium text-slate-800">
                  {COMPONENT_LABELS[component]}
                  <input type="hidden" name={`contributions[${index}].component`} value={component} />
                  <ErrorList errors={rowErrors} />
                </th>
                {columns.map((column) => {
                  const name = `contributions[${index}].${column.field}`
                  return (
                    <td key={column.field} className="px-2 py-2 text-right" hidden={!column.show}>
                      <input
                        type="number"
                        name={name}
                        min={0}
                        max={100}
                        step="0.01"
                        inputMode="decimal"
                        aria-label={`${COMPONENT_LABELS[component]}: ${column.label} %`}
                        aria-invalid={errors[name] ? true : undefined}
                        value={values[component][column.field]}
                        onChange={(event) => update(component, column.field, event.target.value)}
                        className={cell}
                      />
                    </td>
                  )
                })}
                <td className="px-2 py-2 text-right">
                  <span data-testid={`total-${component}`} className={`inline-block min-w-16 rounded px-2 py-1 font-semibold ${total === 100 ? 'bg-green-50 text-green-800' : 'bg-amber-50 text-amber-900'}`}>
                    {formatPercent(total)}%
                  </span>
                  {total !== 100 && <span className="sr-only"> (must total 100%)</span>}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

function totalOf(row: Record<PercentField, string>, co1: boolean, co2: boolean) {
  return componentTotal({
    contributorPercent: Number(row.contributorPercent) || 0,
    coContributorPercent: co1 ? Number(row.coContributorPercent) || 0 : 0,
    coContributor2Percent: co2 ? Number(row.coContributor2Percent) || 0 : 0,
    aiPercent: Number(row.aiPercent) || 0,
  })
}

export function formatPercent(value: number) {
  return Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/0$/, '')
}
