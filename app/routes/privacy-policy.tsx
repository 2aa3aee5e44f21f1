import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import {
  bold,
  LegalPage,
  LegalSection,
  linkTo,
  MailLink,
  plainLinkTo,
} from '~/components/legal-page'
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
    i18n: pagePart(pageMessages(locale, ['help']), 'help', ['legal', 'privacy']),
  })
}

const code = (children: string) => <code>{children}</code>

export default function PrivacyPolicyPage() {
  const { appName, supportEmail } = useLoaderData<typeof loader>()
  const t = useT()
  const mail = () => <MailLink address={supportEmail} />
  return (
    <LegalPage
      title={t('help.privacy.title')}
      updated="2025-06-05"
      intro={t('help.privacy.intro', { appName })}
    >
      <LegalSection title={t('help.privacy.collect.title')}>
        <p>{t('help.privacy.collect.intro')}</p>
        <ul>
          <li>{tagged(t('help.privacy.collect.account'), [bold])}</li>
          <li>{tagged(t('help.privacy.collect.google'), [bold])}</li>
          <li>{tagged(t('help.privacy.collect.songs'), [bold])}</li>
          <li>{tagged(t('help.privacy.collect.payments'), [bold])}</li>
          <li>{tagged(t('help.privacy.collect.messages'), [bold])}</li>
          <li>{tagged(t('help.privacy.collect.usage'), [bold])}</li>
          <li>{tagged(t('help.privacy.collect.cookies'), [bold])}</li>
          <li>{tagged(t('help.privacy.collect.settings'), [bold])}</li>
        </ul>
      </LegalSection>

      <LegalSection title={t('help.privacy.use.title')}>
        <p>{t('help.privacy.use.intro')}</p>
        <ul>
          <li>{t('help.privacy.use.account')}</li>
          <li>{t('help.privacy.use.songs')}</li>
          <li>{t('help.privacy.use.register')}</li>
          <li>{t('help.privacy.use.mail')}</li>
          <li>{t('help.privacy.use.payments')}</li>
          <li>{t('help.privacy.use.support')}</li>
          <li>{t('help.privacy.use.improve')}</li>
        </ul>
        <p>{t('help.privacy.use.noSale')}</p>
      </LegalSection>

      <LegalSection title={t('help.privacy.permanence.title')}>
        <p>{t('help.privacy.permanence.public')}</p>
        <p>{tagged(t('help.privacy.permanence.final'), [bold])}</p>
      </LegalSection>

      <LegalSection title={t('help.privacy.security.title')}>
        <p>{t('help.privacy.security.measures')}</p>
        <p>{t('help.privacy.security.limits')}</p>
      </LegalSection>

      <LegalSection title={t('help.privacy.google.title')}>
        <p>{tagged(t('help.privacy.google.scopes'), [code, code, code])}</p>
        <p>{t('help.privacy.google.limits')}</p>
        <p>
          {tagged(t('help.privacy.google.retention', { appName }), [
            plainLinkTo('/settings/google'),
          ])}
        </p>
      </LegalSection>

      <LegalSection title={t('help.privacy.parties.title')}>
        <p>{t('help.privacy.parties.intro')}</p>
        <ul>
          <li>{tagged(t('help.privacy.parties.google'), [bold])}</li>
          <li>{tagged(t('help.privacy.parties.solana'), [bold])}</li>
          <li>{tagged(t('help.privacy.parties.arweave'), [bold])}</li>
          <li>{tagged(t('help.privacy.parties.stripe'), [bold])}</li>
        </ul>
        <p>{t('help.privacy.parties.share')}</p>
      </LegalSection>

      <LegalSection title={t('help.privacy.rights.title')}>
        <p>{t('help.privacy.rights.intro')}</p>
        <ul>
          <li>{tagged(t('help.privacy.rights.access'), [bold])}</li>
          <li>{tagged(t('help.privacy.rights.correct'), [bold])}</li>
          <li>{tagged(t('help.privacy.rights.delete'), [bold])}</li>
          <li>{tagged(t('help.privacy.rights.export'), [bold])}</li>
          <li>{tagged(t('help.privacy.rights.withdraw'), [bold])}</li>
        </ul>
        <p data-testid="self-service-rights">
          {tagged(t('help.privacy.rights.selfService'), [plainLinkTo('/settings')])}
        </p>
        <ul>
          <li>{tagged(t('help.privacy.rights.selfAccess'), [plainLinkTo('/settings/data')])}</li>
          <li>
            {tagged(t('help.privacy.rights.selfCorrect'), [
              plainLinkTo('/settings/profile'),
              plainLinkTo('/settings/email'),
            ])}
          </li>
          <li>
            {tagged(t('help.privacy.rights.selfDelete'), [plainLinkTo('/settings/delete-account')])}
          </li>
          <li>
            {tagged(t('help.privacy.rights.selfWithdraw'), [
              plainLinkTo('/settings/google'),
              plainLinkTo('/settings/sessions'),
            ])}
          </li>
        </ul>
        <p>{t('help.privacy.rights.ask')}</p>
      </LegalSection>

      <LegalSection title={t('help.privacy.changes.title')}>
        <p>{t('help.privacy.changes.text')}</p>
      </LegalSection>

      <LegalSection title={t('help.privacy.contact.title')}>
        <p>
          {tagged(t('help.privacy.contact.text', { email: supportEmail }), [
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
    { title: t('help.privacy.meta.title', { appName }) },
    { name: 'description', content: t('help.privacy.meta.description', { appName }) },
  ]
}
