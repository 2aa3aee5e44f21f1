import { json, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LegalPage, LegalSection, MailLink, TextLink } from '~/components/legal-page'
import { getPublicEnv } from '~/env.server'

export function loader() {
  const { APP_NAME, SUPPORT_EMAIL } = getPublicEnv()
  return json({ appName: APP_NAME, supportEmail: SUPPORT_EMAIL })
}

export default function TermsOfServicePage() {
  const { appName, supportEmail } = useLoaderData<typeof loader>()
  return (
    <LegalPage
      title="Terms of Service"
      updated="June 5, 2025"
      intro={
        <>
          These terms govern your use of {appName}, a service for documenting who contributed to a
          song — people and AI tools — and for optionally recording that information on a public
          blockchain and in permanent storage.
        </>
      }
    >
      <LegalSection title="Acceptance of Terms">
        <p>
          By creating an account or otherwise using {appName}, you agree to these terms and to our{' '}
          <TextLink to="/privacy-policy">Privacy Policy</TextLink>. If you do not agree, do not use
          the service.
        </p>
        <p>
          You must be old enough to form a binding contract where you live, or have the permission
          of a parent or guardian. If you use {appName} on behalf of a band, company or other
          organization, you confirm that you are authorized to accept these terms for it. We may
          update these terms; continuing to use the service after a change takes effect means you
          accept the updated terms.
        </p>
      </LegalSection>

      <LegalSection title="Use License">
        <p>
          We grant you a personal, limited, non-exclusive, non-transferable and revocable license to
          use {appName} to document and certify musical works you created or are authorized to
          register. You agree not to:
        </p>
        <ul>
          <li>
            register works you have no right to register, or make false or misleading claims about
            authorship;
          </li>
          <li>use the service for anything unlawful, infringing, fraudulent or abusive;</li>
          <li>
            attempt to gain unauthorized access to the service, other accounts, or our systems;
          </li>
          <li>
            disrupt or overload the service, or access it with automated tools such as scrapers or
            bots;
          </li>
          <li>
            copy, resell or reverse engineer the service, except where the law expressly allows it.
          </li>
        </ul>
        <p>We may suspend or close accounts that break these terms.</p>
      </LegalSection>

      <LegalSection title="Blockchain Registration">
        <p>
          Registering a song writes a record to the Solana blockchain and stores its certificate on
          the Arweave permanent storage network.{' '}
          <strong>These records are public and permanent</strong>: they cannot be edited or deleted
          by you, by us, or by anyone else, and a registered song can no longer be edited in your
          account.
        </p>
        <p>
          <strong>You are responsible for the accuracy</strong> of everything you register. By
          registering a song you warrant that you have the right to register it — that you are one
          of its authors or are authorized by them — and that its contents do not infringe anyone
          else's rights.
        </p>
        <p>
          Free blockchain registrations require a verified email address. {appName} pays the
          blockchain network and storage fees on your behalf. Registrations beyond your plan's free
          monthly allowance are charged per registration.{' '}
          <strong>Blockchain fees are non-refundable</strong> once a registration has been
          submitted, because it cannot be undone.
        </p>
      </LegalSection>

      <LegalSection title="User Content">
        <p>
          <strong>You keep ownership</strong> of everything you submit — song details, lyrics, notes
          and other content. These terms do not transfer any of your rights to us.
        </p>
        <p>
          You grant {appName} a worldwide, non-exclusive, royalty-free license to store, display and
          process your content as needed to run the service: to keep it in your account, show it on
          your certificates and links you share, and, for songs you choose to register, write it to
          the blockchain and permanent storage. For content you have not registered, this license
          ends when you delete the content or your account; for registered records it cannot end,
          because those records are permanent.
        </p>
      </LegalSection>

      <LegalSection title="Disclaimer">
        <p>
          {appName} is provided “as is” and “as available”, without warranties of any kind.{' '}
          <strong>Nothing on {appName} is legal advice.</strong> A certificate or blockchain record
          is <strong>not a copyright registration</strong> and does not replace registering your
          work with a copyright office or a performing rights organization. For advice about your
          rights, speak to a qualified lawyer.
        </p>
        <p>
          A certificate documents authorship as declared by the person who submitted it; we do not
          verify those declarations, and we cannot promise how a court, platform or other third
          party will treat a record. The Solana and Arweave networks are operated independently of
          us. To the fullest extent the law allows, {appName} is not liable for indirect or
          consequential losses arising from your use of the service.
        </p>
      </LegalSection>

      <LegalSection title="Contact">
        <p>
          Questions about these terms? Use our <TextLink to="/contact">contact form</TextLink> or
          email <MailLink address={supportEmail} />.
        </p>
      </LegalSection>
    </LegalPage>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const appName = data?.appName ?? 'ProofTrack'
  return [
    { title: `Terms of Service | ${appName}` },
    {
      name: 'description',
      content: `The terms for using ${appName}, including how public, permanent blockchain registration works.`,
    },
  ]
}
