import { TAP_TARGET } from './ui/button'

/**
 * The owner's DDEX export (issue 40, decision 084): a download when the song has what ERN 4.3.2
 * requires, else what it still needs. A plain link: it works without JavaScript.
 */
export function DdexExportNote({ url, missing }: { url: string; missing: string[] }) {
  return (
    <p className="no-print mx-auto mb-2 max-w-4xl break-words text-sm" data-testid="ddex-export">
      {missing.length === 0 ? (
        <a href={url} download className={`${TAP_TARGET} font-semibold text-brand-600 underline`}>
          Download the credits for distributors (DDEX ERN 4.3.2, XML)
        </a>
      ) : (
        <>
          <span className="font-semibold">Credits for distributors (DDEX ERN 4.3.2):</span> the
          export needs {missing.join(' and ')}.
        </>
      )}
    </p>
  )
}
