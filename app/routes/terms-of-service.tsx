import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { bold, LegalPage, LegalSection, linkTo, MailLink } from '~/components/legal-page'
import { tagged } from '~/components/tagged-text'
import { getPublicEnv } from '~/env.server'
import { pageMessages } from '~/i18n/catalogs.server'
import { pagePart } from '~/i18n/page-part.server'
import { requestLocale } from '~/i18n/locale.server'
import { translatorOf, useT } from '~/i18n/react'
import { getUser } from '~/services/accounts/auth.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const { APP_NAME, SUPPORT_EMAIL } = getPublicEnv()
  const locale = requestLocale(request, await getUser(request))
  return json({
    appName: APP_NAME,
    supportEmail: SUPPORT_EMAIL,
    i18n: pagePart(pageMessages(locale, ['help']), 'help', ['legal', 'terms']),
  })
}

export default function TermsOfServicePage() {
  const { appName, supportEmail } = useLoaderData<typeof loader>()
  const t = useT()
  const mail = () => <MailLink address={supportEmail} />
  return (
    <LegalPage
      title={t('help.terms.title')}
      updated="2025-06-05"
      intro={t('help.terms.intro', { appName })}
    >
      <LegalSection title={t('help.terms.acceptance.title')}>
        <p>{tagged(t('help.terms.acceptance.agree', { appName }), [linkTo('/privacy-policy')])}</p>
        <p>{t('help.terms.acceptance.age', { appName })}</p>
      </LegalSection>

      <LegalSection title={t('help.terms.license.title')}>
        <p>{t('help.terms.license.grant', { appName })}</p>
        <ul>
          <li>{t('help.terms.license.rights')}</li>
          <li>{t('help.terms.license.unlawful')}</li>
          <li>{t('help.terms.license.access')}</li>
          <li>{t('help.terms.license.disrupt')}</li>
          <li>{t('help.terms.license.copy')}</li>
        </ul>
        <p>{t('help.terms.license.suspend')}</p>
      </LegalSection>

      <LegalSection title={t('help.terms.registration.title')}>
        <p>{tagged(t('help.terms.registration.permanent'), [bold])}</p>
        <p>{tagged(t('help.terms.registration.accuracy'), [bold])}</p>
        <p>{tagged(t('help.terms.registration.fees', { appName }), [bold])}</p>
      </LegalSection>

      <LegalSection title={t('help.terms.content.title')}>
        <p>{tagged(t('help.terms.content.ownership'), [bold])}</p>
        <p>{t('help.terms.content.license', { appName })}</p>
      </LegalSection>

      <LegalSection title={t('help.terms.disclaimer.title')}>
        <p>{tagged(t('help.terms.disclaimer.advice', { appName }), [bold, bold])}</p>
        <p>{t('help.terms.disclaimer.liability', { appName })}</p>
      </LegalSection>

      <LegalSection title={t('help.terms.contact.title')}>
        <p>
          {tagged(t('help.terms.contact.text', { email: supportEmail }), [
            linkTo('/contact'),
            mail,
          ])}
        </p>
      </LegalSection>
    </LegalPage>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const appName = data?.appName ?? 'ProofTrack'
  const { t } = translatorOf(matches)
  return [
    { title: t('help.terms.meta.title', { appName }) },
    { name: 'description', content: t('help.terms.meta.description', { appName }) },
  ]
}
