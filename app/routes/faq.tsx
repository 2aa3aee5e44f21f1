import { json, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { TermNote } from '~/components/term'
import { PRO } from '~/lib/glossary/pro'
import { SHA_256 } from '~/lib/glossary/sha-256'
import { ButtonLink } from '~/components/ui/button'
import { env } from '~/env.server'

export function loader() {
  return json({ appName: env().APP_NAME })
}

function faqItems(appName: string): { question: string; answer: ReactNode }[] {
  return [
    {
      question: 'Why Solana and Arweave?',
      answer: (
        <>
          <p>
            Each does one job very well. Solana is a fast, low-cost public blockchain: it handles
            over 65,000 transactions per second, confirms records within seconds and keeps network
            fees small — which is why {appName} can pay them for you.
          </p>
          <p>
            Arweave is a storage network built for permanence: data is paid for once and kept by the
            network, instead of being rented month by month from a single provider. Your certificate
            stays reachable even if a company — including ours — goes away.
          </p>
        </>
      ),
    },
    {
      question: `How does ${appName} work?`,
      answer: (
        <ol className="list-decimal space-y-2 pl-5">
          <li>
            <strong className="font-semibold text-slate-900">Submit your song.</strong> Enter its
            details and contributors, and split each creative component — lyrics, vocals,
            instrumentation, production and mixing/mastering — between the people involved and AI.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Lock it in.</strong> Register the song
            on the Solana blockchain and store its certificate permanently on Arweave. A free
            registration needs a verified email address; a paid one does not.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Receive your snapshot.</strong> You get
            a timestamped PT Snapshot with its own certificate ID, a link to the blockchain record
            and a link to the permanent copy.
          </li>
        </ol>
      ),
    },
    {
      question: 'Why use a blockchain at all?',
      answer: (
        <p>
          A public blockchain is a shared record that no single company controls. Once your
          registration is written, it carries the time it was made and cannot be edited, back-dated
          or deleted — not by you, not by anyone else, and not by {appName}. Anyone can check it
          independently with a public blockchain explorer, without having to trust us.
        </p>
      ),
    },
    {
      question: 'Does this replace my performing rights organization (PRO)?',
      answer: (
        <>
          <p>
            No. Keep registering your works with your PRO (such as ASCAP, BMI, PRS or SOCAN) — it is
            what collects your performance royalties. {appName} lets you note your PRO and member
            numbers next to the song so the details sit in one place.
          </p>
          <TermNote note={PRO} className="text-sm" />
          <p>
            {appName} is also not a legal copyright registration. If you want one, file it with your
            national copyright office. Our record is independent, time-stamped evidence of what you
            declared and when.
          </p>
        </>
      ),
    },
    {
      question: 'How do I know my record was registered successfully?',
      answer: (
        <p>
          When the registration is confirmed you see a success message with a link to view the song
          on the Solana Explorer. The song is then marked “Registered” on your dashboard, and its
          certificate shows the transaction ID, the registration date, and links to the blockchain
          explorer and the permanent Arweave copy, so you can check the record yourself at any time.
        </p>
      ),
    },
    {
      question: 'Can I track songs made with AI?',
      answer: (
        <p>
          Yes — that is what {appName} is built for. For every creative component you record how
          much came from each person and how much from AI, and you can list the AI tools you used.
          Fully human, fully AI and everything in between are all welcome; the point is an honest,
          permanent record.
        </p>
      ),
    },
    {
      question: 'What does a PT Snapshot prove?',
      answer: (
        <>
          <p>A PT Snapshot records three things:</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>when the song was registered;</li>
            <li>who contributed to it, people and AI, and in what shares;</li>
            <li>the song details as they stood at that moment.</li>
          </ul>
          <p>
            If you fingerprint your files when you submit the song (up to five, each with a label
            such as “Master”, “Stems archive” or “Lyric sheet PDF”), the snapshot also records each
            of them: the label, the SHA-256 fingerprint of the file’s exact bytes, its size and type
            (and its name only if you choose). No file is stored anywhere. With JavaScript on, your
            browser computes the fingerprints and the files never leave your device; with JavaScript
            off, our server reads each upload once to compute its fingerprint and discards it.
            Anyone holding one of the files can later check it against your certificate’s
            verification page, which names the label it matches.
          </p>
          <TermNote note={SHA_256} className="text-sm" />
          <p>
            Your co-writers can back your word: from the song’s co-writers page you email each of
            them a link (no account needed) where they see the whole split and confirm their share
            with the name they want credited, or dispute it. A disputed share blocks registration
            until you edit the split; the confirmations given are part of the record.
          </p>
          <p>
            It documents authorship as you declared it. It does not judge whether a claim is true,
            and it is not a legal ruling on ownership.
          </p>
        </>
      ),
    },
    {
      question: 'Do I need a crypto wallet or tokens?',
      answer: (
        <p>
          No. {appName} pays the blockchain network and permanent storage fees from its own account,
          so you never need a wallet, tokens or any cryptocurrency. Your plan includes free
          registrations each month; beyond that a registration costs $1.99, paid by card in ordinary
          money.
        </p>
      ),
    },
  ]
}

export default function FaqPage() {
  const { appName } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Frequently Asked Questions</h1>
      <p className="mt-3 text-slate-600">
        Everything you need to know about certifying your songs with {appName}.
      </p>

      {/* A shared name makes the browser keep one item open at a time, with no JavaScript. */}
      <div className="mt-10 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {faqItems(appName).map((item, index) => (
          <details key={item.question} name="faq" open={index === 0} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
              {item.question}
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                fill="currentColor"
                className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
              >
                <path
                  fillRule="evenodd"
                  d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z"
                  clipRule="evenodd"
                />
              </svg>
            </summary>
            <div className="space-y-3 px-5 pb-5 text-slate-600">{item.answer}</div>
          </details>
        ))}
      </div>

      <section
        aria-labelledby="more-questions"
        className="mt-12 rounded-2xl bg-brand-50 p-8 text-center"
      >
        <h2 id="more-questions" className="text-xl font-semibold text-slate-900">
          Still have questions?
        </h2>
        <p className="mt-2 text-slate-600">
          Our team typically responds within 24 hours on business days.
        </p>
        <ButtonLink to="/contact" className="mt-6">
          Contact Us
        </ButtonLink>
      </section>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const appName = data?.appName ?? 'ProofTrack'
  return [
    { title: `Help / FAQ | ${appName}` },
    {
      name: 'description',
      content: `Answers to common questions about ${appName}: how song certificates work, AI contributions, blockchain records and fees.`,
    },
  ]
}
