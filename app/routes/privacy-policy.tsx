import { json, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LegalPage, LegalSection, MailLink, TextLink } from '~/components/legal-page'
import { getPublicEnv } from '~/env.server'

export function loader() {
  const { APP_NAME, SUPPORT_EMAIL } = getPublicEnv()
  return json({ appName: APP_NAME, supportEmail: SUPPORT_EMAIL })
}

export default function PrivacyPolicyPage() {
  const { appName, supportEmail } = useLoaderData<typeof loader>()
  return (
    <LegalPage
      title="Privacy Policy"
      updated="June 5, 2025"
      intro={
        <>
          This policy explains what information {appName} collects when you use it, why, who it is
          shared with, and the choices you have. One thing makes {appName} different from most
          services: songs you choose to register on the blockchain become part of a public,
          permanent record. Please read the Blockchain Permanence section before you register a
          song.
        </>
      }
    >
      <LegalSection title="Information We Collect">
        <p>We collect only what we need to run the service:</p>
        <ul>
          <li>
            <strong>Account information:</strong> your name, email address, username and password.
            Passwords are stored only as a secure one-way hash, never in readable form.
          </li>
          <li>
            <strong>Google sign-in information:</strong> if you sign in with Google, the details
            described in the Google OAuth section below.
          </li>
          <li>
            <strong>Song information:</strong> what you enter about your songs, such as titles,
            creation dates, lyrics, genre, identifiers (ISRC, ISWC, UPC), performing rights
            organization details, contributor names, contribution percentages, AI tools used, file
            links and creative notes.
          </li>
          <li>
            <strong>Registration and payment records:</strong> blockchain transaction details for
            songs you register, and a record of payments (amount, status and the payment provider's
            reference). Card details go directly to our payment provider; we never see or store your
            full card number.
          </li>
          <li>
            <strong>Messages:</strong> the name, email address, subject and message you send through
            the contact form, and email verification codes you request.
          </li>
          <li>
            <strong>Usage information:</strong> pages visited, a random per-visit session
            identifier, your browser's user agent and your IP address, collected by our own
            first-party analytics.
          </li>
          <li>
            <strong>Cookies:</strong> a session cookie that keeps you signed in, a short-lived
            cookie that carries on-screen notifications, and one that remembers your browser's time
            zone so dates show as your day. We do not use advertising or cross-site tracking
            cookies.
          </li>
          <li>
            <strong>Settings:</strong> the time zone you choose for dates, if you choose one.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="How We Use Your Information">
        <p>We use your information to:</p>
        <ul>
          <li>create and secure your account and sign you in;</li>
          <li>store your songs and produce their timestamped certificates (PT Snapshots);</li>
          <li>register songs on the blockchain and in permanent storage when you ask us to;</li>
          <li>
            verify your email address, reset your password and send other messages about your
            account;
          </li>
          <li>process payments and keep the records the law requires;</li>
          <li>answer your questions and support requests;</li>
          <li>
            understand, in aggregate, how the service is used so we can improve it, and detect and
            prevent abuse.
          </li>
        </ul>
        <p>We do not sell your personal information, and we do not use it for advertising.</p>
      </LegalSection>

      <LegalSection title="Blockchain Permanence">
        <p>
          When you register a song, its record is written to the Solana blockchain and its
          certificate — which can include the song title, contributor names, contribution shares and
          other details you entered — is stored on the Arweave permanent storage network. Both are
          public: anyone can read what is recorded there.
        </p>
        <p>
          <strong>Recorded data cannot be deleted or modified</strong> — not by you, not by us, and
          not by anyone else. This remains true if you later change the song in your account or
          close your account. Only register information you are comfortable making public and
          permanent.
        </p>
      </LegalSection>

      <LegalSection title="Data Security">
        <p>
          We protect your information with encrypted connections (HTTPS), hashed passwords, session
          cookies that scripts cannot read, and access to personal data limited to what running the
          service requires. Payments are handled by a dedicated payment provider so card data never
          touches our servers.
        </p>
        <p>
          No method of transmission or storage is completely secure, so we cannot guarantee absolute
          security. If we learn of a breach that affects your information, we will notify you as the
          law requires.
        </p>
      </LegalSection>

      <LegalSection title="Google OAuth">
        <p>
          If you choose to sign in with Google, we request only the <code>email</code>,{' '}
          <code>profile</code> and <code>openid</code> scopes. From Google we receive your email
          address, your name, your profile picture and your Google account identifier. We use them
          only to create your account, sign you in and show your name in the app.
        </p>
        <p>
          We do not access your Gmail, contacts, files or any other Google data, and we do not share
          the information we receive from Google with anyone. Our use of information received from
          Google APIs adheres to the Google API Services User Data Policy, including its Limited Use
          requirements.
        </p>
        <p>
          We retain this information while your account is active and delete it when your account is
          deleted. You can disconnect Google under <a href="/settings/google">Settings › Google</a>,
          and revoke {appName}'s access at any time from your Google Account's security settings.
        </p>
      </LegalSection>

      <LegalSection title="Third-Party Services">
        <p>
          We rely on a small number of services, each of which handles data under its own privacy
          policy:
        </p>
        <ul>
          <li>
            <strong>Google</strong> — sign-in, if you choose it.
          </li>
          <li>
            <strong>Solana</strong> — the public blockchain network where registered songs are
            recorded.
          </li>
          <li>
            <strong>Arweave</strong> — the public permanent storage network that keeps registered
            certificates.
          </li>
          <li>
            <strong>Stripe</strong> — our card payment provider, which processes payments for paid
            registrations.
          </li>
        </ul>
        <p>We share with each of them only what it needs to provide its part of the service.</p>
      </LegalSection>

      <LegalSection title="Your Rights">
        <p>You can ask us at any time to:</p>
        <ul>
          <li>
            <strong>access</strong> the personal information we hold about you;
          </li>
          <li>
            <strong>correct</strong> information that is wrong or incomplete;
          </li>
          <li>
            <strong>delete</strong> your account and personal information, except records already
            written to the blockchain or to permanent storage, which cannot be erased;
          </li>
          <li>
            <strong>export</strong> your information in a portable format;
          </li>
          <li>
            <strong>withdraw your consent</strong> where we rely on it, for example by disconnecting
            Google sign-in.
          </li>
        </ul>
        <p data-testid="self-service-rights">
          All of this you can do yourself once signed in, from <a href="/settings">Settings</a> (the
          menu under your name):
        </p>
        <ul>
          <li>
            Access and export: download everything we hold about you, as JSON and CSV files, under{' '}
            <a href="/settings/data">Your data</a>;
          </li>
          <li>
            Correct: your name and username under <a href="/settings/profile">Profile</a>, your
            email address under <a href="/settings/email">Email address</a>;
          </li>
          <li>
            Delete: a song you have not registered, from the list of unregistered songs in Settings;
            your whole account under <a href="/settings/delete-account">Delete your account</a>;
          </li>
          <li>
            Withdraw consent: disconnect Google sign-in under <a href="/settings/google">Google</a>,
            and sign out browsers under <a href="/settings/sessions">Signed-in browsers</a>.
          </li>
        </ul>
        <p>
          You can also ask us, as described below. We will respond within 30 days, and may ask you
          to confirm your identity first. You may also have the right to complain to your local data
          protection authority.
        </p>
      </LegalSection>

      <LegalSection title="Changes to This Policy">
        <p>
          We may update this policy as the service changes or the law requires. We will change the
          “Last updated” date at the top of this page, and for significant changes we will also tell
          you by email or with a notice in the app before they take effect.
        </p>
      </LegalSection>

      <LegalSection title="Contact Us">
        <p>
          Questions about this policy or your information? Use our{' '}
          <TextLink to="/contact">contact form</TextLink> or email{' '}
          <MailLink address={supportEmail} />.
        </p>
      </LegalSection>
    </LegalPage>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const appName = data?.appName ?? 'ProofTrack'
  return [
    { title: `Privacy Policy | ${appName}` },
    {
      name: 'description',
      content: `How ${appName} collects, uses and protects your information, and what blockchain permanence means for your data.`,
    },
  ]
}
