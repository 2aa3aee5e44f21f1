import { ButtonLink } from '~/components/ui/button'
import { useT } from '~/i18n/react'
import type { MessageId } from '~/i18n/react'
import type { OwnerTextsData } from './report'

// The texts' labels by their stable key (proof-bundle.server.ts' TEXT_LABELS).
const TEXT_LABELS: Record<string, MessageId> = {
  lyrics: 'verify.evidence.lyrics',
  creativeNotes: 'verify.evidence.creativeNotes',
}

/** The owner's salts of their private texts, and the proof bundle that holds them. */
export function OwnerTexts({ owner }: { owner: OwnerTextsData }) {
  const t = useT()
  return (
    <section
      aria-labelledby="owner-texts"
      className="border-brand-200 mt-8 rounded-lg border bg-brand-50 p-5"
    >
      <h2 id="owner-texts" className="text-lg font-semibold text-slate-900">
        {t('verify.owner.heading')}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{t('verify.owner.text')}</p>
      {owner.openings.length > 0 ? (
        <dl className="mt-3 space-y-3 text-sm">
          {owner.openings.map((opening) => (
            <div key={opening.text}>
              <dt className="font-medium text-slate-900">
                {TEXT_LABELS[opening.text] ? t(TEXT_LABELS[opening.text]!) : opening.label}
              </dt>
              <dd className="mt-1 text-slate-800">
                {opening.salt ? (
                  <>
                    {t('verify.owner.salt')}{' '}
                    <span className="break-all font-mono">{opening.salt}</span>
                  </>
                ) : (
                  t('verify.owner.noSalt')
                )}
                <span className="block" data-testid={`opening-${opening.text}`}>
                  {opening.opens ? t('verify.owner.opens') : t('verify.owner.doesNotOpen')}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="mt-3 text-sm text-slate-700">{t('verify.owner.none')}</p>
      )}
      <ButtonLink
        to={`/certificate/${owner.songId}/proof-bundle`}
        reloadDocument
        variant="secondary"
        className="mt-4"
      >
        {t('verify.owner.download')}
      </ButtonLink>
    </section>
  )
}
