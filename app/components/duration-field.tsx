import { type FieldMetadata, getInputProps } from '@conform-to/react'
import { useState } from 'react'
import { Field } from '~/components/forms'
import { durationFromMedia, formatDuration } from '~/lib/duration'
import { useHydrated } from '~/lib/hooks'
import { useT } from '~/i18n/react'

/**
 * The recording's length (issue 40), which a DDEX export requires. Typed by hand without
 * JavaScript; with it, the browser can read it from the audio file's own metadata (the file is
 * opened on this computer and never sent). A file the browser cannot play leaves the field as it
 * was: a length is never guessed.
 */
export function DurationField({ field }: { field: FieldMetadata<string> }) {
  const t = useT()
  const hydrated = useHydrated()
  const [note, setNote] = useState('')

  function readFrom(file: File | undefined) {
    if (!file) return
    const url = URL.createObjectURL(file)
    const audio = document.createElement('audio')
    audio.preload = 'metadata'
    const done = (seconds: number | null) => {
      URL.revokeObjectURL(url)
      audio.removeAttribute('src')
      const input = document.getElementById(field.id)
      if (seconds === null || !(input instanceof HTMLInputElement)) {
        setNote(t('form.duration.unreadable'))
        return
      }
      input.value = formatDuration(seconds)
      input.dispatchEvent(new Event('input', { bubbles: true }))
      setNote(t('form.duration.read', { file: file.name, length: formatDuration(seconds) }))
    }
    audio.addEventListener('loadedmetadata', () => done(durationFromMedia(audio.duration)))
    audio.addEventListener('error', () => done(null))
    audio.src = url
  }

  return (
    <div>
      <Field
        label={t('form.duration.label')}
        hint={t('form.duration.hint')}
        errors={field.errors}
        inputMode="numeric"
        placeholder="3:25"
        {...getInputProps(field, { type: 'text' })}
      />
      {hydrated && (
        <label className="mt-2 block text-sm text-slate-700">
          {t('form.duration.fromFile')}{' '}
          <input
            type="file"
            accept="audio/*"
            // Not a form field: the file is only read here, never posted.
            form="duration-reader"
            className="mt-1 block w-full max-w-full text-sm"
            onChange={(event) => readFrom(event.currentTarget.files?.[0])}
          />
        </label>
      )}
      <p role="status" className="mt-1 text-sm text-slate-600">
        {note}
      </p>
    </div>
  )
}
