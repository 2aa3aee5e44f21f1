import { intlLocale } from '~/i18n/format'
import { useLocale, useT } from '~/i18n/react'
import { TAP_TARGET } from './ui/button'
import { listFormat } from '~/lib/intl'

/**
 * The owner's DDEX export (issue 40, decision 084): a download when the song has what ERN 4.3.2
 * requires, else what it still needs. A plain link: it works without JavaScript.
 */
export function DdexExportNote({ url, missing }: { url: string; missing: string[] }) {
  const t = useT()
  const locale = useLocale()
  return (
    <p className="no-print mx-auto mb-2 max-w-4xl break-words text-sm" data-testid="ddex-export">
      {missing.length === 0 ? (
        <a href={url} download className={`${TAP_TARGET} font-semibold text-brand-600 underline`}>
          {t('certificate.ddex.download')}
        </a>
      ) : (
        // The missing facts are made by the loader in the page's language (ddexMissingIn).
        t('certificate.ddex.needs', {
          missing: listFormat(intlLocale(locale), { type: 'conjunction' }).format(missing),
        })
      )}
    </p>
  )
}
