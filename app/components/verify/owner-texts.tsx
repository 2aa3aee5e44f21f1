import { ButtonLink } from '~/components/ui/button'
import type { OwnerTextsData } from './report'

/** The owner's salts of their private texts, and the proof bundle that holds them. */
export function OwnerTexts({ owner }: { owner: OwnerTextsData }) {
  return (
    <section
      aria-labelledby="owner-texts"
      className="border-brand-200 mt-8 rounded-lg border bg-brand-50 p-5"
    >
      <h2 id="owner-texts" className="text-lg font-semibold text-slate-900">
        Your private texts
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        Only you see this. The manifest publishes your lyrics and creative notes only as salted
        commitments: nobody can test a guess without the salt. Keep the salts private; to prove a
        text, show it with its salt. The proof bundle holds both.
      </p>
      {owner.openings.length > 0 ? (
        <dl className="mt-3 space-y-3 text-sm">
          {owner.openings.map((opening) => (
            <div key={opening.text}>
              <dt className="font-medium text-slate-900">{opening.label}</dt>
              <dd className="mt-1 text-slate-800">
                {opening.salt ? (
                  <>
                    Salt <span className="break-all font-mono">{opening.salt}</span>
                  </>
                ) : (
                  'Version 1 record: a bare SHA-256, no salt'
                )}
                <span className="block" data-testid={`opening-${opening.text}`}>
                  {opening.opens
                    ? '✓ Your text opens the published value.'
                    : '✗ Your text does not open the published value.'}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="mt-3 text-sm text-slate-700">This certificate publishes no private text.</p>
      )}
      <ButtonLink
        to={`/certificate/${owner.songId}/proof-bundle`}
        reloadDocument
        variant="secondary"
        className="mt-4"
      >
        Download proof bundle
      </ButtonLink>
    </section>
  )
}
