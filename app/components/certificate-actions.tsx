import { useT } from '~/i18n/react'
import { useHydrated } from '~/lib/hooks'
import { trackEvent } from './page-view-tracker'
import { Button, ButtonLink, buttonClass } from './ui/button'

/**
 * Share, print and download. Share and print need JavaScript, so until hydration (and without
 * it) a selectable link stands in for them.
 */
/** `proofBundle`: the owner's download, offered once there is a registration or a timestamped snapshot to prove. */
export function CertificateActions({
  title,
  certificateUrl,
  pdfUrl,
  pdfName,
  isOwner,
  proofBundle,
  splitSheetUrl,
  shareable,
}: {
  title: string
  certificateUrl: string
  /** Whether anyone may open the link yet (onlineCertificate): no Share before then. */
  shareable: boolean
  pdfUrl: string
  pdfName: string
  isOwner: boolean
  proofBundle: boolean
  /** The owner's split sheet (issue 13); absent for everyone else. */
  splitSheetUrl?: string
}) {
  const hydrated = useHydrated()
  const t = useT()

  async function share() {
    trackEvent('custom', { name: 'certificate_shared' })
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url: certificateUrl })
        return
      } catch (error) {
        // The person closed the share sheet: nothing to do.
        if (error instanceof DOMException && error.name === 'AbortError') return
      }
    }
    try {
      await navigator.clipboard.writeText(certificateUrl)
      window.alert(t('certificate.actions.copied'))
    } catch {
      // No clipboard access (permissions, insecure origin): let the person copy it by hand.
      window.prompt(t('certificate.actions.copy'), certificateUrl)
    }
  }

  return (
    <div className="no-print mx-auto mb-6 grid max-w-4xl grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
      {!shareable ? (
        <p
          className="col-span-2 min-w-0 flex-1 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700 sm:basis-full"
          data-testid="certificate-not-public"
        >
          {t('certificate.actions.shareAfterRegistration')}
        </p>
      ) : null}
      {hydrated ? (
        <>
          {shareable ? (
            <Button variant="secondary" onClick={share}>
              {t('certificate.actions.share')}
            </Button>
          ) : null}
          <Button
            variant="secondary"
            onClick={() => {
              trackEvent('custom', { name: 'certificate_printed' })
              window.print()
            }}
          >
            {t('certificate.actions.print')}
          </Button>
        </>
      ) : shareable ? (
        <label className="col-span-2 flex min-w-0 flex-1 flex-col text-sm font-medium text-slate-700">
          {t('certificate.actions.link')}
          <input
            type="text"
            readOnly
            value={certificateUrl}
            className="mt-1 w-full select-all rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
          />
        </label>
      ) : null}
      <a href={pdfUrl} download={pdfName} className={buttonClass('primary')}>
        {t('certificate.actions.download')}
      </a>
      {proofBundle ? (
        <a href={`${certificateUrl}/proof-bundle`} className={buttonClass('secondary')}>
          {t('certificate.actions.proofBundle')}
        </a>
      ) : null}
      {splitSheetUrl ? (
        <a href={splitSheetUrl} className={buttonClass('secondary')}>
          {t('certificate.actions.splitSheet')}
        </a>
      ) : null}
      {isOwner ? (
        <ButtonLink to="/" variant="ghost">
          {t('certificate.actions.dashboard')}
        </ButtonLink>
      ) : null}
    </div>
  )
}
