import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import {
  type LedgerTransaction as LedgerTransactionData,
  ledgerDir,
  readLedgerTransaction,
} from '~/chain/local.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { env } from '~/env.server'
import { useLamportsNote, useSolNote } from '~/components/verify/notes'
import { formatDate, formatNumber } from '~/i18n/format'
import { pageMessages } from '~/i18n/catalogs.server'
import { requestLocale } from '~/i18n/locale.server'
import { getUser } from '~/services/accounts/auth.server'
import { translatorOf, useLocale, useT } from '~/i18n/react'
import { jsonError, jsonResponse, parseQuery } from '~/lib/http.server'
import { useAppName } from '~/components/app-name'
import { LedgerQuerySchema } from '~/lib/url-schemas'
import { StatusPage } from '~/components/status-page'
import { TermNote } from '~/components/term'

/**
 * GET /ledger/tx/:signature — a transaction the embedded ledger executed, re-checked on every view.
 * `?format=json` answers the same data as JSON to scripts, data requests and direct loader calls;
 * a browser opening that address asks for HTML and gets the page (Remix renders a document with
 * whatever the loader returns, and the page cannot be drawn from the bare JSON).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const query = parseQuery(request, LedgerQuerySchema)
  const wantsJson =
    query.ok &&
    query.data.format === 'json' &&
    !(request.headers.get('Accept') ?? '').includes('text/html')
  const transaction = readLedgerTransaction(ledgerDir(env().DATA_DIR), params.signature ?? '')
  if (!transaction) {
    if (wantsJson) return jsonError(404, 'Transaction not found')
    throw new Response('Transaction not found', { status: 404 })
  }
  if (wantsJson) return jsonResponse(transaction)
  // The page's words are the verify area's: the verify page's evidence links here.
  const locale = requestLocale(request, await getUser(request))
  return json({ transaction, i18n: pageMessages(locale, ['verify']) })
}

export default function LedgerTransactionPage() {
  const data = useLoaderData<typeof loader>()
  const appName = useAppName()
  // The JSON answer has a `transaction` too (the raw bytes, a string): only the page's object is one.
  return 'transaction' in data && typeof data.transaction === 'object' ? (
    <LedgerTransaction transaction={data.transaction} appName={appName} />
  ) : null
}

export function LedgerTransaction({
  transaction: tx,
  appName,
}: {
  transaction: LedgerTransactionData
  appName: string
}) {
  const t = useT()
  const locale = useLocale()
  const solNote = useSolNote()
  const lamportsNote = useLamportsNote()
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <p
        role="note"
        className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-900"
      >
        {t('verify.ledger.notice')}
      </p>
      <h1 className="mt-8 text-3xl font-bold text-slate-900">{t('verify.ledger.heading')}</h1>
      <p className="mt-2 text-slate-600">{t('verify.ledger.text')}</p>

      <section className="mt-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        {tx.signatureVerified ? (
          <p className="font-semibold text-green-700">{t('verify.ledger.verified')}</p>
        ) : (
          <p role="alert" className="font-semibold text-red-700">
            {t('verify.ledger.altered')}
          </p>
        )}
        <dl className="mt-4 grid gap-4 sm:grid-cols-[10rem_1fr]">
          <Row label={t('verify.evidence.signature')}>
            <span className="break-all font-mono text-sm">{tx.signature}</span>
          </Row>
          <Row label={t('verify.ledger.status')}>
            {tx.err
              ? t('verify.ledger.failed', { error: tx.err })
              : t('verify.ledger.success', { status: t('verify.detail.confirmed') })}
          </Row>
          <Row label={t('verify.evidence.slot')}>{formatNumber(locale, tx.slot)}</Row>
          <Row label={t('verify.evidence.blockTime')}>
            {tx.blockTimeIso ? (
              <>
                {formatDate(locale, tx.blockTimeIso)}{' '}
                <span className="font-mono text-sm text-slate-500">({tx.blockTimeIso})</span>
              </>
            ) : (
              t('verify.ledger.notAvailable')
            )}
          </Row>
          <Row label={t('verify.evidence.fee')}>
            {t('verify.ledger.fee', {
              lamports: formatNumber(locale, tx.feeLamports),
              sol: tx.feeSol,
              appName,
            })}
            {/* SOL first: the lamport's sentence counts in it. */}
            <TermNote note={solNote} className="mt-1" />
            <TermNote note={lamportsNote} />
          </Row>
          <Row label={t('verify.ledger.feePayer')}>
            <span className="break-all font-mono text-sm">
              {tx.feePayer ?? t('verify.ledger.unreadable')}
            </span>
          </Row>
          <Row label={t('verify.evidence.memo')}>
            <span className="whitespace-pre-wrap break-all font-mono text-sm">
              {tx.memo ?? t('verify.value.noMemo')}
            </span>
          </Row>
        </dl>
      </section>

      <section className="mt-6">
        <h2 id="ledger-logs" className="text-lg font-semibold text-slate-900">
          {t('verify.ledger.logs')}
        </h2>
        {/* Long log lines scroll sideways: focusable, so the keyboard scrolls them too (axe).
            The logs are the Solana runtime's own lines, in English. */}
        <pre
          lang="en"
          tabIndex={0}
          role="region"
          aria-labelledby="ledger-logs"
          className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-4 text-xs leading-relaxed text-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {tx.logs.join('\n')}
        </pre>
      </section>

      <details className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
        <summary className="cursor-pointer font-semibold text-slate-900">
          {t('verify.ledger.signed')}
        </summary>
        <p className="mt-2 text-sm text-slate-600">{t('verify.ledger.bytes')}</p>
        <pre className="mt-2 whitespace-pre-wrap break-all font-mono text-xs text-slate-800">
          {tx.transaction}
        </pre>
      </details>
    </div>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-sm font-semibold text-slate-500">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data || !('transaction' in data) || typeof data.transaction !== 'object')
    return [{ title: 'Transaction not found | Local ledger' }]
  const { t } = translatorOf(matches)
  return [
    {
      title: t('verify.ledger.title', { signature: data.transaction.signature.slice(0, 8) }),
    },
    { name: 'description', content: t('verify.ledger.notice') },
    { name: 'robots', content: 'noindex' },
  ]
}

function TransactionNotFound() {
  return (
    <StatusPage status="404" title="Transaction not found">
      The local development ledger has no transaction with this signature.
    </StatusPage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <TransactionNotFound /> }} />
}
