// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
// @remix-run/testing is not installed; Remix's own components run on this router underneath.
import { createMemoryRouter, type LoaderFunction, RouterProvider } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { LandingPage } from '~/components/landing-page'
import { LandingVideo } from '~/components/landing-video'
import Index, { loader as indexLoader, meta as indexMeta } from '~/routes/_index'
import FaqPage, { loader as faqLoader, meta as faqMeta } from '~/routes/faq'
import PrivacyPolicyPage, {
  loader as privacyLoader,
  meta as privacyMeta,
} from '~/routes/privacy-policy'
import TermsOfServicePage, {
  loader as termsLoader,
  meta as termsMeta,
} from '~/routes/terms-of-service'

// A route's loader takes Remix's args (`context` required); the memory router passes its own.
async function renderRoute(Component: ComponentType, routeLoader: (args: never) => unknown) {
  const loader = routeLoader as LoaderFunction
  const router = createMemoryRouter(
    [{ path: '/', element: <Component />, loader, HydrateFallback: () => null }],
    {
      future: {
        v7_relativeSplatPath: true,
        v7_fetcherPersist: true,
        v7_normalizeFormMethod: true,
        v7_partialHydration: true,
        v7_skipActionErrorRevalidation: true,
      },
    },
  )
  const view = render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  await screen.findByRole('heading', { level: 1 })
  return view
}

const metaArgs = {
  params: {},
  location: { pathname: '/', search: '', hash: '', state: null, key: 'default' },
  matches: [],
}

function titleOf(descriptors: ReturnType<typeof faqMeta>) {
  for (const descriptor of descriptors) {
    if ('title' in descriptor && typeof descriptor.title === 'string') return descriptor.title
  }
}

let play: ReturnType<typeof vi.fn<() => Promise<void>>>

beforeEach(() => {
  // jsdom has no media playback; these stand in for the browser's.
  play = vi.fn(() => Promise.resolve())
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play)
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {})
})
afterEach(cleanup)

describe('landing page', () => {
  test('shows the hero, the three numbered capabilities, the demo and the four features', async () => {
    await renderRoute(Index, ({ request, params }) => indexLoader({ request, params, context: {} }))

    expect(
      screen.getByRole('heading', { level: 1, name: 'Lock in Your Song Details - Forever.' }),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/register')
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login')

    const capabilities = screen.getByRole('region', { name: 'Three layers of proof' })
    const cards = within(capabilities).getAllByRole('listitem')
    expect(cards).toHaveLength(3)
    expect(
      cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent),
    ).toEqual([
      '1. Your PT Snapshot',
      '2. A permanent record on Solana',
      '3. Permanent storage on Arweave',
    ])
    expect(cards.map((card) => card.querySelector('[aria-hidden="true"]')?.textContent)).toEqual([
      '1',
      '2',
      '3',
    ])

    expect(
      screen.getByRole('heading', { level: 2, name: 'Your Song - Your Details - Locked Forever' }),
    ).toBeTruthy()

    const features = screen.getByRole('region', { name: 'Built for songwriters' })
    expect(
      within(features)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([
      'Lock In Every Detail',
      'List Every Contributor - Even AI',
      "Proof That Can't Be Erased",
      'Creator-first Workflow',
    ])
    // Issue 17: what is fingerprinted, and what never leaves the writer's machine.
    expect(features.textContent).toContain(
      'Fingerprint your files too — the master, the stems, the lyric sheet, up to five, each with a label: with JavaScript on, your browser computes their SHA-256 and the files themselves never leave your device; without it they are hashed as they arrive and discarded, never stored.',
    )

    const closing = screen.getByRole('region', { name: 'Ready to lock in your next song?' })
    expect(within(closing).getByRole('link').getAttribute('href')).toBe('/register')
  })

  test('shows a placeholder while no demo video has been uploaded', async () => {
    await renderRoute(Index, ({ request, params }) => indexLoader({ request, params, context: {} }))
    expect(screen.getByText('Demo video coming soon')).toBeTruthy()
    expect(document.querySelector('video')).toBeNull()
  })

  test('plays the uploaded video when there is one', async () => {
    await renderRoute(
      () => <LandingPage appName="TestTrack" hasVideo notes={[]} />,
      () => null,
    )
    expect(document.querySelector('video')?.getAttribute('src')).toBe('/media/landing-video')
    expect(screen.queryByText('Demo video coming soon')).toBeNull()
  })

  test('sets the page title and description', () => {
    const descriptors = indexMeta({
      ...metaArgs,
      data: {
        view: 'landing',
        appName: 'TestTrack',
        hasVideo: false,
        notes: [],
        i18n: { locale: 'en', messages: {} },
      },
    })
    expect(titleOf(descriptors)).toBe('TestTrack — Lock in Your Song Details - Forever.')
    expect(
      descriptors.some((descriptor) => 'name' in descriptor && descriptor.name === 'description'),
    ).toBe(true)
  })
})

describe('landing video', () => {
  test('the server HTML has native controls and a fallback for browsers without video', () => {
    const html = renderToString(<LandingVideo hasVideo />)
    expect(html).toMatch(/<video[^>]* controls=""/)
    expect(html).toMatch(/<video[^>]* autoplay=""[^>]* muted=""[^>]* loop=""[^>]* playsinline=""/)
    expect(html).toContain('preload="metadata"')
    expect(html).toContain('Your browser does not support the video tag.')
  })

  test('after hydration our mute button replaces native controls, muted by default', async () => {
    render(<LandingVideo hasVideo />)
    const video = document.querySelector('video')
    if (!video) throw new Error('no video element')
    await act(async () => {})

    expect(video.hasAttribute('controls')).toBe(false)
    expect(video.muted).toBe(true)
    expect(play).toHaveBeenCalled()

    const unmute = screen.getByRole('button', { name: 'Unmute video' })
    expect(unmute.getAttribute('aria-pressed')).toBe('false')
    // Its name is the product's tooltip (SPEC §9's delays), not the browser's title.
    expect(unmute.getAttribute('title')).toBeNull()
    const tooltip = document.getElementById(unmute.getAttribute('aria-labelledby') ?? '')
    expect(tooltip?.getAttribute('role')).toBe('tooltip')
    fireEvent.click(unmute)
    expect(video.muted).toBe(false)
    const mute = screen.getByRole('button', { name: 'Mute video' })
    expect(mute.getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(mute)
    expect(video.muted).toBe(true)
    expect(screen.getByRole('button', { name: 'Unmute video' })).toBeTruthy()
  })

  test('when autoplay is refused it waits for the user to press Play demo', async () => {
    play.mockImplementationOnce(() =>
      Promise.reject(new DOMException('autoplay refused', 'NotAllowedError')),
    )
    render(<LandingVideo hasVideo />)
    const playDemo = await screen.findByRole('button', { name: 'Play demo' })

    await act(async () => fireEvent.click(playDemo))
    expect(play).toHaveBeenCalledTimes(2)
    expect(screen.queryByRole('button', { name: 'Play demo' })).toBeNull()
  })

  test('shows a message when the video cannot be loaded', async () => {
    render(<LandingVideo hasVideo />)
    await act(async () => {})
    const video = document.querySelector('video')
    if (!video) throw new Error('no video element')

    act(() => {
      video.dispatchEvent(new Event('error'))
    })
    expect(screen.getByRole('alert').textContent).toContain('The demo video could not be loaded.')
    expect(screen.queryByRole('button', { name: 'Unmute video' })).toBeNull()
  })
})

describe('FAQ', () => {
  test('is an accordion of the eight questions, one open at a time without JavaScript', async () => {
    const { container } = await renderRoute(FaqPage, faqLoader)
    expect(
      screen.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }),
    ).toBeTruthy()

    const items = Array.from(container.querySelectorAll('details'))
    expect(items).toHaveLength(8)
    expect(items.every((item) => item.getAttribute('name') === 'faq')).toBe(true)
    expect(items.map((item) => item.open)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ])
    expect(items.map((item) => item.querySelector('summary')?.textContent)).toEqual([
      'Why Solana and Arweave?',
      'How does ProofTrack work?',
      'Why use a blockchain at all?',
      'Does this replace my performing rights organization (PRO)?',
      'How do I know my record was registered successfully?',
      'Can I track songs made with AI?',
      'What does a PT Snapshot prove?',
      'Do I need a crypto wallet or tokens?',
    ])
    const proves = items[6]!.textContent ?? ''
    expect(proves).toContain(
      'up to five, each with a label such as “Master”, “Stems archive” or “Lyric sheet PDF”',
    )
    expect(proves).toContain(
      'the label, the SHA-256 fingerprint of the file’s exact bytes, its size and type (and its name only if you choose)',
    )
    expect(proves).toContain(
      'With JavaScript on, your browser computes the fingerprints and the files never leave your device; with JavaScript off, our server reads each upload once to compute its fingerprint and discards it.',
    )

    const [, howItWorks] = items
    expect(howItWorks?.querySelectorAll('ol > li')).toHaveLength(3)
    expect(items[0]?.textContent).toContain('over 65,000 transactions per second')
    expect(items[3]?.textContent).toMatch(/^Does this replace.*\?No\./)
    expect(items[5]?.textContent).toMatch(/\?Yes/)
    expect(items[7]?.textContent).toMatch(/\?No\./)

    expect(screen.getByRole('heading', { level: 2, name: 'Still have questions?' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact')
  })

  test('sets the page title and description', () => {
    const descriptors = faqMeta({
      ...metaArgs,
      data: { appName: 'TestTrack' } as Parameters<typeof faqMeta>[0]['data'],
    })
    expect(titleOf(descriptors)).toBe('Help / FAQ | TestTrack')
    expect(
      descriptors.some((descriptor) => 'name' in descriptor && descriptor.name === 'description'),
    ).toBe(true)
  })
})

describe.each([
  {
    name: 'Privacy Policy',
    Page: PrivacyPolicyPage,
    loader: privacyLoader,
    meta: privacyMeta,
    sections: [
      'Information We Collect',
      'How We Use Your Information',
      'Blockchain Permanence',
      'Data Security',
      'Google OAuth',
      'Third-Party Services',
      'Your Rights',
      'Changes to This Policy',
      'Contact Us',
    ],
  },
  {
    name: 'Terms of Service',
    Page: TermsOfServicePage,
    loader: termsLoader,
    meta: termsMeta,
    sections: [
      'Acceptance of Terms',
      'Use License',
      'Blockchain Registration',
      'User Content',
      'Disclaimer',
      'Contact',
    ],
  },
])('$name', ({ name, Page, loader, meta, sections }) => {
  test('has its date, a way home, every required section and a way to reach us', async () => {
    await renderRoute(Page, loader)
    expect(screen.getByRole('heading', { level: 1, name })).toBeTruthy()
    expect(screen.getByText('Last updated: June 5, 2025')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/')
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(sections)
    expect(screen.getByRole('link', { name: 'contact form' }).getAttribute('href')).toBe('/contact')
    expect(screen.getByRole('link', { name: 'support@prooftrack.test' }).getAttribute('href')).toBe(
      'mailto:support@prooftrack.test',
    )
  })

  test('sets the page title and description', () => {
    const descriptors = meta({
      ...metaArgs,
      // No messages sent: the title and description fall back to the English source.
      data: { appName: 'TestTrack', supportEmail: 'help@example.test' } as Parameters<
        typeof meta
      >[0]['data'],
    })
    expect(titleOf(descriptors)).toBe(`${name} | TestTrack`)
    expect(
      descriptors.some((descriptor) => 'name' in descriptor && descriptor.name === 'description'),
    ).toBe(true)
  })
})

describe('policy wording', () => {
  test('privacy policy names the permanence, the OAuth scopes and the third parties', async () => {
    await renderRoute(PrivacyPolicyPage, privacyLoader)
    const text = document.body.textContent ?? ''
    expect(text).toContain('Recorded data cannot be deleted or modified')
    for (const scope of ['email', 'profile', 'openid'])
      expect(screen.getByText(scope, { selector: 'code' })).toBeTruthy()
    for (const party of ['Google', 'Solana', 'Arweave', 'Stripe'])
      expect(screen.getByText(party, { selector: 'li > strong' })).toBeTruthy()
    for (const right of ['access', 'correct', 'delete', 'export', 'withdraw your consent']) {
      expect(screen.getByText(right, { selector: 'li > strong' })).toBeTruthy()
    }
  })

  test('privacy policy says which rights are self-service, and on which settings page', async () => {
    await renderRoute(PrivacyPolicyPage, privacyLoader)
    const list = screen.getByTestId('self-service-rights').nextElementSibling as HTMLElement
    const links = within(list)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')])
    expect(links).toEqual([
      ['Your data', '/settings/data'],
      ['Profile', '/settings/profile'],
      ['Email address', '/settings/email'],
      ['Delete your account', '/settings/delete-account'],
      ['Google', '/settings/google'],
      ['Signed-in browsers', '/settings/sessions'],
    ])
    expect(list.textContent).toContain('Access and export: download everything we hold about you')
  })

  test('terms say registration is permanent, fees are non-refundable and it is not legal advice', async () => {
    await renderRoute(TermsOfServicePage, termsLoader)
    const text = document.body.textContent ?? ''
    expect(text).toContain('These records are public and permanent')
    expect(text).toContain('Blockchain fees are non-refundable')
    expect(text).toContain('You keep ownership')
    expect(text).toContain('not a copyright registration')
    expect(text).toMatch(/legal advice/)
  })
})
