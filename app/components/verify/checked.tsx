import { Form, useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useLocale, useT } from '~/i18n/react'
import { PSEUDO_LOCALE, SOURCE_LOCALE } from '~/i18n/locales'
import {
  CHECK_AGAIN,
  CHECKED_AT_ATTRIBUTE,
  CHECKED_WORDS_ATTRIBUTE,
  checkedAgo,
  type CheckedWords,
} from '~/lib/checked-ago'

/**
 * When the ledger, the store and the timestamp were last read for this page, and a button to
 * read them again now (decision 116). The server writes "Checked … ago" into every answer, a
 * kept one's too, so it is right with JavaScript off; with it, the page counts on by itself.
 */
export function CheckedWhen({
  checkedAt,
  keptMinutes,
  problem,
}: {
  checkedAt: string
  keptMinutes: number
  /** Why the last "Check again now" was refused (the per-address limit), if it was. */
  problem: string | null
}) {
  const at = Date.parse(checkedAt)
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 5000)
    return () => clearInterval(timer)
  }, [at])
  const t = useT()
  const locale = useLocale()
  const words: CheckedWords = {
    // The pseudo-language has no Intl data: its numbers and units are English's.
    locale: locale === PSEUDO_LOCALE ? SOURCE_LOCALE : locale,
    justNow: t('verify.checked.justNow'),
    ago: t('verify.checked.ago', { ago: '{ago}' }),
  }
  const navigation = useNavigation()
  const checking = navigation.state !== 'idle' && navigation.formData?.get('intent') === CHECK_AGAIN
  return (
    <div data-testid="verify-checked" className="mt-3 text-sm text-slate-600">
      <Form
        method="post"
        preventScrollReset
        className="flex flex-wrap items-center gap-x-3 gap-y-2"
      >
        <p>
          {/* Written by the server for each answer; the browser's clock takes over once it runs. */}
          <time
            {...{
              [CHECKED_AT_ATTRIBUTE]: String(at),
              // A kept page's answer writes the sentence anew in these words (checked-ago.ts).
              [CHECKED_WORDS_ATTRIBUTE]: JSON.stringify(words),
            }}
            dateTime={checkedAt}
            suppressHydrationWarning
            className="font-medium text-slate-800"
          >
            {checkedAgo(at, now, words)}
          </time>
          {t('verify.checked.every', { minutes: keptMinutes })}
        </p>
        <input type="hidden" name="intent" value={CHECK_AGAIN} />
        <button
          type="submit"
          disabled={checking}
          className="min-h-11 rounded-md border border-slate-300 px-3 py-2 font-semibold text-brand-700 hover:bg-slate-50 disabled:opacity-60"
        >
          {checking ? t('verify.checked.checking') : t('verify.checked.again')}
        </button>
      </Form>
      {problem && (
        <p role="alert" className="mt-2 text-red-700">
          {problem}
        </p>
      )}
    </div>
  )
}
