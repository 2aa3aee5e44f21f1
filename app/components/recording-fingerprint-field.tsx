import { useCallback, useEffect, useRef, useState } from 'react'
import {
  type HashedFile,
  MAX_RECORDING_LABEL,
  MAX_RECORDINGS,
  RECORDING_LABEL_MAX,
  recordingFileField,
} from '~/lib/recording'
import { useLocale, useT } from '~/i18n/react'
import { formatNumber } from '~/i18n/format'
import { ErrorList } from './forms'
import { CHECKBOX, TAP_TARGET } from './ui/button'
import type { SongFields } from '~/lib/song-form-fields'

type Progress = { read: number; total: number } | null

/** 1.2 MB, 512 bytes: a file's size as the page's language writes its number and unit. */
function formatBytes(locale: string, bytes: number) {
  const [unit, value] =
    bytes >= 1e9
      ? (['gigabyte', bytes / 1e9] as const)
      : bytes >= 1e6
        ? (['megabyte', bytes / 1e6] as const)
        : bytes >= 1e3
          ? (['kilobyte', bytes / 1e3] as const)
          : (['byte', bytes] as const)
  return formatNumber(locale, value, {
    style: 'unit',
    unit,
    // "512 bytes", not "512 byte"; the larger units keep their symbol, one decimal.
    unitDisplay: unit === 'byte' ? 'long' : 'short',
    minimumFractionDigits: unit === 'byte' ? 0 : 1,
    maximumFractionDigits: unit === 'byte' ? 0 : 1,
  })
}

/** Hashes a file the user picks, in the browser, chunk by chunk, with progress. */
export function useBrowserHash() {
  const t = useT()
  const [progress, setProgress] = useState<Progress>(null)
  const [error, setError] = useState<string | null>(null)
  const current = useRef(0)
  async function hash(file: File): Promise<HashedFile | null> {
    const token = ++current.current
    setError(null)
    setProgress({ read: 0, total: file.size })
    try {
      // The hashing code comes when a file is chosen, not with the song form, edit, details and
      // verify pages, the ones nearest decision 044's 120 KB (decision 116's addendum).
      const { sha256OfFile } = await import('~/lib/sha256')
      const sha256 = await sha256OfFile(file, (read) => {
        if (token === current.current) setProgress({ read, total: file.size })
      })
      if (token !== current.current) return null
      setProgress(null)
      return { sha256, size: file.size, mediaType: file.type || null, fileName: file.name }
    } catch (cause) {
      if (token === current.current) {
        setProgress(null)
        // The reason is the browser's own words, in the browser's language.
        setError(
          t('form.recordings.readFailed', {
            reason: cause instanceof Error ? cause.message : String(cause),
          }),
        )
      }
      return null
    }
  }
  return { hash, progress, error }
}

export function HashProgress({ progress }: { progress: Progress }) {
  const t = useT()
  const locale = useLocale()
  if (!progress) return null
  return (
    <div className="mt-2 text-sm text-slate-700" role="status" data-testid="hash-progress">
      <progress
        className="w-full"
        max={progress.total || 1}
        value={progress.read}
        aria-label={t('form.recordings.progressLabel')}
      />
      {t('form.recordings.progress', {
        read: formatBytes(locale, progress.read),
        total: formatBytes(locale, progress.total),
      })}
    </div>
  )
}

type SlotField = ReturnType<SongFields['recordings']['getFieldList']>[number]

/** One file of the form: its label, its fingerprint (once hashed) and the show-name choice. */
interface Slot {
  key: number
  label: string
  file: HashedFile | null
  showFileName: boolean
  remove: boolean
}

/** A size in whole bytes, "1,234 bytes" as the page's language writes it. */
const BYTES = { style: 'unit', unit: 'byte', unitDisplay: 'long' } as const

// The summary step posts a checkbox back as 'true', a browser as 'on'.
const ticked = (value: string | undefined) => value === 'on' || value === 'true'

/** A slot as the form already carries it (after review, a server reply, a new version's start). */
function slotFrom(field: SlotField | undefined, key: number): Slot {
  const value = field?.getFieldset()
  const sha256 = value?.sha256.initialValue ?? ''
  const size = Number(value?.size.initialValue)
  const file =
    /^[0-9a-f]{64}$/.test(sha256) && Number.isSafeInteger(size) && size > 0
      ? {
          sha256,
          size,
          mediaType: value?.mediaType.initialValue || null,
          fileName: value?.fileName.initialValue ?? '',
        }
      : null
  return {
    key,
    label: value?.label.initialValue ?? '',
    file,
    showFileName: ticked(value?.showFileName.initialValue),
    remove: ticked(value?.remove.initialValue),
  }
}

const emptySlot = (key: number): Slot => ({
  key,
  label: '',
  file: null,
  showFileName: false,
  remove: false,
})

/**
 * "Fingerprint your recordings" on the song form (decisions 026 and 040). With JavaScript each
 * file input has no name: the browser hashes the file and only the hidden fields travel; rows are
 * added and removed here. Without it the form is multipart with a fixed five slots, each a named
 * file input the server hashes as it streams by, and a box to remove a file already fingerprinted.
 */
export function RecordingFingerprintField({
  fields,
  interactive,
  onBusyChange,
}: {
  fields: Pick<SongFields, 'recordings'>
  interactive: boolean
  onBusyChange?: (busy: boolean) => void
}) {
  const t = useT()
  const list = fields.recordings.getFieldList()
  const nextKey = useRef(MAX_RECORDINGS)
  const [slots, setSlots] = useState<Slot[]>(() => {
    const carried = list.map((field, index) => slotFrom(field, index))
    const kept = carried.filter((slot) => slot.file || slot.label !== '')
    return kept.length > 0 ? kept : [emptySlot(0)]
  })
  // The form waits while any file is still being fingerprinted: sent half-way, it would go without it.
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set())
  const setSlotBusy = useCallback((key: number, value: boolean) => {
    setBusy((current) => {
      if (current.has(key) === value) return current
      const next = new Set(current)
      if (value) next.add(key)
      else next.delete(key)
      return next
    })
  }, [])
  useEffect(() => onBusyChange?.(busy.size > 0), [busy, onBusyChange])

  // Without JavaScript every slot shows, in the order the form posted them.
  const shown = interactive
    ? slots
    : Array.from({ length: MAX_RECORDINGS }, (_, index) => slotFrom(list[index], index))

  return (
    <div className="space-y-4">
      <p id="recordings-how" className="text-sm text-slate-600" data-testid="recording-how">
        {interactive
          ? t('form.recordings.inBrowser')
          : t('form.recordings.onServer', { max: MAX_RECORDING_LABEL })}{' '}
        {t('form.recordings.limit', { count: MAX_RECORDINGS, max: RECORDING_LABEL_MAX })}
      </p>
      {shown.map((slot, index) => (
        <RecordingSlot
          key={slot.key}
          index={index}
          slot={slot}
          errors={slotErrors(list[index])}
          interactive={interactive}
          onChange={(change) =>
            setSlots((current) =>
              current.map((s) => (s.key === slot.key ? { ...s, ...change } : s)),
            )
          }
          onRemove={() => {
            setSlotBusy(slot.key, false)
            setSlots((current) => {
              const rest = current.filter((s) => s.key !== slot.key)
              return rest.length > 0 ? rest : [emptySlot(nextKey.current++)]
            })
          }}
          onBusyChange={setSlotBusy}
        />
      ))}
      {interactive && slots.length < MAX_RECORDINGS ? (
        <button
          type="button"
          className={`${TAP_TARGET} text-sm font-medium text-brand-700 underline`}
          onClick={() => setSlots((current) => [...current, emptySlot(nextKey.current++)])}
        >
          {t('form.recordings.add')}
        </button>
      ) : null}
      <ErrorList errors={fields.recordings.errors} />
    </div>
  )
}

function slotErrors(field: SlotField | undefined) {
  if (!field) return []
  const f = field.getFieldset()
  return [f.label, f.sha256, f.size, f.mediaType, f.fileName].flatMap((x) => x.errors ?? [])
}

function RecordingSlot({
  index,
  slot,
  errors,
  interactive,
  onChange,
  onRemove,
  onBusyChange,
}: {
  index: number
  slot: Slot
  errors: string[]
  interactive: boolean
  onChange: (change: Partial<Slot>) => void
  onRemove: () => void
  onBusyChange: (key: number, busy: boolean) => void
}) {
  const t = useT()
  const locale = useLocale()
  const { hash, progress, error } = useBrowserHash()
  const busy = progress !== null
  useEffect(() => onBusyChange(slot.key, busy), [busy, slot.key, onBusyChange])
  const name = (field: string) => `recordings[${index}].${field}`
  const id = `recording-${index}`
  const { file } = slot

  return (
    <fieldset
      className="rounded-md border border-slate-200 p-3"
      data-testid="recording-slot"
      aria-describedby="recordings-how"
    >
      <legend className="px-1 text-sm font-medium text-slate-800">
        {t('form.recordings.file', { number: index + 1 })}
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-label`} className="block text-sm font-medium text-slate-800">
            {t('form.recordings.label')}
          </label>
          <input
            id={`${id}-label`}
            type="text"
            name={name('label')}
            maxLength={RECORDING_LABEL_MAX}
            placeholder={t('form.recordings.label.placeholder')}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
            aria-invalid={errors.length > 0 ? true : undefined}
            aria-describedby={errors.length > 0 ? `${id}-errors` : undefined}
            {...(interactive
              ? { value: slot.label, onChange: (e) => onChange({ label: e.currentTarget.value }) }
              : { defaultValue: slot.label })}
          />
        </div>
        <div>
          <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-800">
            {file ? t('form.recordings.replace') : t('form.recordings.choose')}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            name={interactive ? undefined : recordingFileField(index)}
            accept="audio/*,video/*,.wav,.aif,.aiff,.flac,.mp3,.m4a,.zip,.pdf"
            className="mt-1 block w-full text-sm"
            onChange={async (event) => {
              const chosen = event.currentTarget.files?.[0]
              if (!chosen) return
              const hashed = await hash(chosen)
              if (hashed) onChange({ file: hashed })
            }}
          />
        </div>
      </div>
      <HashProgress progress={progress} />
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
      {file ? (
        <div
          className="mt-3 rounded-md bg-slate-50 p-3 text-sm"
          data-testid="recording-fingerprint"
        >
          <p className="font-medium text-slate-800">{t('form.recordings.fingerprint')}</p>
          <p className="break-all font-mono text-xs text-slate-900" data-testid="recording-sha256">
            {file.sha256}
          </p>
          <p className="text-xs text-slate-600">
            {[file.fileName, formatNumber(locale, file.size, BYTES), file.mediaType]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <input type="hidden" name={name('sha256')} value={file.sha256} />
          <input type="hidden" name={name('size')} value={String(file.size)} />
          {file.mediaType ? (
            <input type="hidden" name={name('mediaType')} value={file.mediaType} />
          ) : null}
          {file.fileName ? (
            <input type="hidden" name={name('fileName')} value={file.fileName} />
          ) : null}
          {interactive ? (
            <button
              type="button"
              className={`${TAP_TARGET} mt-2 text-xs text-brand-700 underline`}
              onClick={onRemove}
            >
              {t('form.recordings.remove')}
            </button>
          ) : (
            <label className="mt-2 flex items-center gap-2 text-xs text-slate-800">
              <input
                type="checkbox"
                name={name('remove')}
                defaultChecked={slot.remove}
                className={CHECKBOX}
              />
              {t('form.recordings.remove')}
            </label>
          )}
        </div>
      ) : interactive && index > 0 ? (
        <button
          type="button"
          className={`${TAP_TARGET} mt-2 text-xs text-brand-700 underline`}
          onClick={onRemove}
        >
          {t('form.recordings.removeRow')}
        </button>
      ) : null}
      <label className="mt-2 flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className={CHECKBOX}
          name={name('showFileName')}
          {...(interactive
            ? {
                checked: slot.showFileName,
                onChange: (e) => onChange({ showFileName: e.currentTarget.checked }),
              }
            : { defaultChecked: slot.showFileName })}
        />
        {t('form.recordings.showName')}
      </label>
      <ErrorList id={`${id}-errors`} errors={errors} />
    </fieldset>
  )
}
