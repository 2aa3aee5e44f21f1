// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { Certificate } from '~/components/certificate'
import { type CertificateSong, registrationFeeInfo } from '~/lib/certificate'
import type { CertificateRegistration } from '~/services/certificates/record/certificate.server'
import { HARBOR_SPLIT, splitRow } from '../setup/sample-song'

function song(overrides: Partial<CertificateSong> = {}): CertificateSong {
  return {
    title: 'Harbor Lights',
    certificateId: 'PT-ABCD-EFGH',
    contributorName: 'Ann',
    coContributorName: 'Bob',
    coContributorName2: null,
    contributorLatinName: null,
    coContributorLatinName: null,
    coContributor2LatinName: null,
    dateCreated: '2025-03-01',
    createdAt: '2025-04-15T23:30:00.000Z',
    toolsUsed: 'Logic Pro, Suno',
    fileLink: 'https://files.example/harbor.mp3',
    genre: 'Pop',
    isrc: 'USABC2400001',
    iswc: 'T-034.524.680-1',
    upc: null,
    otherIdentifier: null,
    lyrics: null,
    creativeNotes: null,
    mainContributorPro: 'ASCAP',
    coContributorPro: 'BMI',
    coContributor2Pro: null,
    mainContributorProNumber: '00123456790',
    coContributorProNumber: null,
    coContributor2ProNumber: null,
    contributions: [...HARBOR_SPLIT, splitRow('mixing', 33.33, 33.33, 0, 33.34)],
    recordings: [],
    confirmations: {
      recorded: false,
      contributors: [
        { slot: 'main', status: 'declared' },
        { slot: 'co-contributor', status: 'declared' },
      ],
    },
    registration: null,
    ...overrides,
  }
}

function show(value: CertificateSong) {
  return render(<Certificate song={value} appName="ProofTrack" />)
}

afterEach(cleanup)

describe('Certificate', () => {
  test('title, creation date in long US form, contributors with their PRO details, and the footer', () => {
    show(song())
    expect(screen.getByRole('heading', { level: 1, name: 'Harbor Lights' })).toBeTruthy()
    expect(screen.getByText('Created').parentElement?.textContent).toBe('Created March 1, 2025')
    const contributors = screen.getByRole('region', { name: 'Contributors & PRO Information' })
    expect(within(contributors).getByText('PRO: ASCAP · PRO #: 00123456790')).toBeTruthy()
    expect(within(contributors).getByText('PRO: BMI')).toBeTruthy()
    expect(contributors.textContent).toContain('Bob — Co-contributor')

    expect(screen.getByText('PT-ABCD-EFGH').parentElement?.textContent).toBe(
      'Certificate ID: PT-ABCD-EFGH',
    )
    // A timestamp shows its day in the reader's zone (UTC unless told), with the zone named.
    expect(screen.getByText('Issued April 15, 2025 (UTC)')).toBeTruthy()
    expect(
      screen.getByText(
        'This certificate records authorship as declared by the submitter; no contributor has confirmed their share.',
      ),
    ).toBeTruthy()
  })

  type Contributor = CertificateSong['confirmations']['contributors'][number]
  /** The sample song's certificate with these contributors' standing. */
  const showStatuses = (recorded: boolean, contributors: Contributor[]) =>
    show(song({ confirmations: { recorded, contributors } }))
  /** A share confirmed on `day` November 2026. */
  const confirmedOn = (
    slot: Contributor['slot'],
    day: number,
    creditedName: string,
  ): Contributor => ({
    slot,
    status: 'confirmed',
    confirmedAt: `2026-11-${day}T10:00:00.000Z`,
    creditedName,
  })

  test('each contributor shows their status; the statement claims only what was confirmed', () => {
    showStatuses(false, [
      { slot: 'main', status: 'invited' },
      confirmedOn('co-contributor', 20, 'Bob Lee'),
    ])
    expect(screen.getByTestId('contributor-status-main').textContent).toBe(
      'Invited, not confirmed yet',
    )
    expect(screen.getByTestId('contributor-status-co-contributor').textContent).toBe(
      'Confirmed on November 20, 2026 (UTC) by the holder of the invited address, credited as Bob Lee',
    )
    expect(screen.getByTestId('certificate-statement').textContent).toBe(
      'This certificate records authorship as declared by the submitter; the share of Bob was confirmed by the holder of the invited address.',
    )
    cleanup()

    // The registered record: every named contributor confirmed, and it says where.
    showStatuses(true, [confirmedOn('main', 21, 'Ann'), confirmedOn('co-contributor', 20, 'Bob')])
    expect(screen.getByTestId('contributor-status-main').textContent).toBe(
      'Confirmed on November 21, 2026 (UTC) by the holder of the invited address, in the registered record',
    )
    expect(screen.getByTestId('certificate-statement').textContent).toBe(
      "Each contributor's share was confirmed in the registered record by the holder of the address invited for them; the other details are as declared by the submitter.",
    )
    cleanup()

    // The owner's unregistered song: a dispute with its reason.
    showStatuses(false, [
      { slot: 'main', status: 'declared' },
      {
        slot: 'co-contributor',
        status: 'disputed',
        decidedAt: '2026-11-22T10:00:00.000Z',
        reason: 'I wrote half the lyrics',
      },
    ])
    expect(screen.getByTestId('contributor-status-main').textContent).toBe(
      'Declared by the submitter',
    )
    expect(screen.getByTestId('contributor-status-co-contributor').textContent).toBe(
      'Disputed on November 22, 2026 (UTC): I wrote half the lyrics',
    )
  })

  test('the breakdown joins the non-zero shares with " / ", naming each person and AI', () => {
    show(song())
    const breakdown = screen.getByRole('region', { name: 'Contribution Breakdown' })
    expect(within(breakdown).getByTestId('breakdown-lyrics').textContent).toBe(
      'Lyrics:Ann 60% / Bob 20% / AI 20%',
    )
    expect(within(breakdown).getByTestId('breakdown-vocals').textContent).toBe('Vocals:Ann 100%')
    expect(within(breakdown).getByTestId('breakdown-mixing').textContent).toBe(
      'Mixing/Mastering:Ann 33.33% / Bob 33.33% / AI 33.34%',
    )
  })

  test('missing tools or file link read "Not specified"; a link that is not http(s) is never clickable', () => {
    show(song({ toolsUsed: '', fileLink: '', genre: null }))
    const details = screen.getByRole('region', { name: 'Song Details' })
    expect(within(details).getAllByText('Not specified')).toHaveLength(3)
    cleanup()

    show(song({ fileLink: 'javascript:alert(1)' }))
    expect(screen.queryByRole('link', { name: 'javascript:alert(1)' })).toBeNull()
    cleanup()

    show(song())
    expect(
      screen.getByRole('link', { name: 'https://files.example/harbor.mp3' }).getAttribute('href'),
    ).toBe('https://files.example/harbor.mp3')
  })

  test('lyrics and creative notes appear only when present (the owner view)', () => {
    show(song())
    expect(screen.queryByRole('region', { name: 'Lyrics' })).toBeNull()
    expect(screen.queryByRole('region', { name: 'Creative Notes' })).toBeNull()
    cleanup()

    show(song({ lyrics: 'Line one\nLine two', creativeNotes: 'Written on a train.' }))
    expect(screen.getByRole('region', { name: 'Lyrics' }).textContent).toContain(
      'Line one\nLine two',
    )
    expect(screen.getByRole('region', { name: 'Creative Notes' }).textContent).toContain(
      'Written on a train.',
    )
  })

  const registration = (
    overrides: Partial<CertificateRegistration> = {},
  ): CertificateRegistration => ({
    transactionSignature: '5ig',
    walletAddress: 'Wa11et',
    registrationFee: '0.001000000',
    status: 'confirmed',
    createdAt: '2025-03-03T10:00:00.000Z',
    network: 'mainnet-beta',
    storageKind: 'arweave',
    storageGateway: 'https://arweave.net',
    explorerUrl: 'https://explorer.example/tx/x',
    storageUrl: 'https://storage.example/y',
    ...overrides,
  })

  test('the blockchain record: transaction, date, wallet, fees paid by the product, network, storage, explorer and storage links', () => {
    show(song({ registration: registration() }))
    const record = screen.getByRole('region', { name: 'Blockchain Record' })
    expect(within(record).getByText('5ig')).toBeTruthy()
    expect(within(record).getByText('Wa11et')).toBeTruthy()
    expect(within(record).getByText('March 3, 2025 (UTC)')).toBeTruthy()
    expect(record.textContent).toContain('Network fees paid by ProofTrack')
    expect(record.textContent).toContain(
      'registration fee 0.001 SOL + network gas 0.000005 SOL = 0.001005 SOL',
    )
    expect(within(record).getByTestId('certificate-network').textContent).toBe('Solana mainnet')
    expect(within(record).getByTestId('certificate-storage').textContent).toBe(
      'Arweave, through the gateway https://arweave.net',
    )
    // Mainnet and Arweave need no warning.
    expect(within(record).queryByRole('note')).toBeNull()
    expect(
      within(record)
        .getByRole('link', { name: 'View on blockchain explorer' })
        .getAttribute('href'),
    ).toBe('https://explorer.example/tx/x')
    expect(
      within(record).getByRole('link', { name: 'View on permanent storage' }).getAttribute('href'),
    ).toBe('https://storage.example/y')
    // Signature, wallet and lamports are under a disclosure, closed until opened (issue 25.9).
    const technical = within(record).getByTestId('certificate-technical')
    expect(technical.tagName).toBe('DETAILS')
    expect(technical.hasAttribute('open')).toBe(false)
    expect(within(technical).getByText('Technical details').tagName).toBe('SUMMARY')
    expect(within(technical).getByText('5ig')).toBeTruthy()
    expect(within(technical).getByText('Wa11et')).toBeTruthy()
  })

  test('jargon is explained in a plain sentence where it first appears, as text; SOL stays under technical details (issue 39.13)', () => {
    show(song({ registration: registration() }))
    /** The term's <dfn> and the sentence around it, as shown on the page (no tooltip, no script). */
    const explained = (term: string) =>
      screen.getAllByText(term, { selector: 'dfn' }).map((dfn) => dfn.parentElement?.textContent)
    const contributors = screen.getByRole('region', { name: 'Contributors & PRO Information' })
    expect(
      within(contributors).getByText('PRO', { selector: 'dfn' }).parentElement?.textContent,
    ).toBe(
      'A PRO (performing rights organisation, such as ASCAP, JASRAC or IPRS) collects the royalties owed when a song is played in public.',
    )
    expect(explained('SHA-256')).toEqual([
      'A SHA-256 is a fingerprint of a file’s exact bytes: change one character and the fingerprint changes completely.',
    ])
    const record = screen.getByRole('region', { name: 'Blockchain Record' })
    const technical = within(record).getByTestId('certificate-technical')
    expect(within(technical).getByText('SOL', { selector: 'dfn' }).parentElement?.textContent).toBe(
      'SOL is the currency of the Solana blockchain, in which its fees are counted.',
    )
    // The chain's units are for whoever checks the transaction: none outside the disclosure.
    const outside = (record.textContent ?? '').replace(technical.textContent ?? '', '')
    expect(outside).not.toMatch(/\bSOL\b|lamport/)
  })

  test('the certificate opens in plain words: what, when, who confirmed, where the proof lives', () => {
    show(song())
    expect(screen.getByTestId('certificate-plain').textContent).toBe(
      'ProofTrack recorded this song’s authorship on April 15, 2025 (UTC): 2 people and an AI share, with a percentage for each creative part, as declared by the person who submitted it. 0 of 1 co-writer confirmed their share. The record is kept by ProofTrack; it is not registered on a blockchain yet.',
    )
    cleanup()
    show(
      song({
        contributions: [splitRow('lyrics', 50, 50, 0, 0)],
        confirmations: {
          recorded: true,
          contributors: [
            { slot: 'main', status: 'declared' },
            {
              slot: 'co-contributor',
              status: 'confirmed',
              confirmedAt: '2025-03-02T10:00:00.000Z',
              creditedName: 'Bob',
            },
          ],
        },
        registration: registration(),
      }),
    )
    expect(screen.getByTestId('certificate-plain').textContent).toBe(
      'ProofTrack recorded this song’s authorship on April 15, 2025 (UTC): 2 people, with a percentage for each creative part, as declared by the person who submitted it. 1 of 1 co-writer confirmed their share. The record is registered on Solana mainnet, with its copy in Arweave, through the gateway https://arweave.net: anyone can check it on the verification page.',
    )
  })

  test('each record is labelled by the network and storage it recorded: local ledger, test networks, none recorded', () => {
    show(
      song({
        registration: registration({
          network: 'local-ledger',
          storageKind: 'local-store',
          storageGateway: null,
          explorerUrl: '/ledger/tx/5ig',
          storageUrl: '/storage/abc',
        }),
      }),
    )
    let record = screen.getByRole('region', { name: 'Blockchain Record' })
    expect(within(record).getByTestId('certificate-network').textContent).toBe(
      'Local development ledger on this server — not a public blockchain',
    )
    expect(within(record).getByTestId('certificate-storage').textContent).toBe(
      'Local store on this server — not permanent storage',
    )
    expect(within(record).getByRole('note').textContent).toBe(
      'This is a development record kept only by this server: it is not on a public blockchain, and only this server can show it. The certificate’s stored copy is kept by this server only, not on Arweave.',
    )
    // The plain summary names them as a sentence does, not as a label (the new user's walk).
    expect(screen.getByTestId('certificate-plain').textContent).toContain(
      'The record is registered on this server’s local development ledger, not a public blockchain, with its copy in this server’s local store, not permanent storage: anyone can check it on the verification page.',
    )
    expect(
      within(record)
        .getByRole('link', { name: 'View on this server’s local ledger' })
        .getAttribute('href'),
    ).toBe('/ledger/tx/5ig')
    expect(
      within(record)
        .getByRole('link', { name: 'View the copy stored on this server' })
        .getAttribute('href'),
    ).toBe('/storage/abc')
    cleanup()

    for (const network of ['devnet', 'testnet'] as const) {
      show(song({ registration: registration({ network }) }))
      record = screen.getByRole('region', { name: 'Blockchain Record' })
      expect(within(record).getByTestId('certificate-network').textContent).toBe(
        `Solana ${network} — a public test network`,
      )
      expect(within(record).getByRole('note').textContent).toBe(
        `${network === 'devnet' ? 'Devnet' : 'Testnet'} is reset from time to time, so this record is not permanent: it may disappear at the next reset.`,
      )
      cleanup()
    }

    show(
      song({
        registration: registration({ network: null, storageKind: null, storageGateway: null }),
      }),
    )
    record = screen.getByRole('region', { name: 'Blockchain Record' })
    expect(within(record).getByTestId('certificate-network').textContent).toBe(
      'Network not recorded',
    )
    expect(within(record).getByTestId('certificate-storage').textContent).toBe(
      'Storage not recorded',
    )
  })

  test('no registration, no blockchain record', () => {
    show(song())
    expect(screen.queryByRole('region', { name: 'Blockchain Record' })).toBeNull()
  })
})

describe('certificate helpers', () => {
  test('fee total to 6 decimals (SPEC §9)', () => {
    expect(registrationFeeInfo('0.001000000')).toEqual({
      fee: '0.001',
      gas: '0.000005',
      total: '0.001005',
    })
    expect(registrationFeeInfo('0.001')).toMatchObject({ total: '0.001005' })
    expect(registrationFeeInfo('0.000000001')).toMatchObject({
      fee: '0.000000001',
      total: '0.000005',
    })
    expect(registrationFeeInfo('1.5')).toMatchObject({ fee: '1.5', total: '1.500005' })
    expect(registrationFeeInfo('0')).toMatchObject({ fee: '0', total: '0.000005' })
    expect(registrationFeeInfo('n/a')).toMatchObject({ total: null })
  })

  test('a Hangul name shows its Latin-script form beside it; every typed name in a sentence is set apart (issue 26)', () => {
    const { container } = show(
      song({
        contributorName: '김민지',
        contributorLatinName: 'Kim Minji',
        coContributorName: 'نادية الخطيب',
        coContributorLatinName: 'Nadia Al-Khatib',
        confirmations: {
          recorded: true,
          contributors: [
            { slot: 'main', status: 'declared' },
            {
              slot: 'co-contributor',
              status: 'confirmed',
              confirmedAt: '2025-04-10T10:00:00.000Z',
              creditedName: 'نادية',
              creditedLatinName: 'Nadia',
            },
          ],
        },
      }),
    )
    const contributors = screen.getByRole('region', { name: 'Contributors & PRO Information' })
    expect(contributors.textContent).toContain('김민지 (Kim Minji) — Main contributor')
    const bdis = (element: Element) =>
      [...element.querySelectorAll('bdi')].map((b) => b.textContent)
    expect(bdis(contributors)).toEqual(
      expect.arrayContaining(['김민지', 'Kim Minji', 'نادية الخطيب', 'Nadia Al-Khatib']),
    )
    // The status line quotes the credited names: each in its own <bdi>.
    const status = screen.getByTestId('contributor-status-co-contributor')
    expect(status.textContent).toContain('credited as نادية (Nadia)')
    expect(bdis(status)).toEqual(['نادية', 'Nadia'])
    // The footer's statement names who confirmed, set apart from the words around it.
    expect(bdis(screen.getByTestId('certificate-statement'))).toContain('نادية الخطيب')
    // An Arabic name followed by its figure in the breakdown: the name alone in the <bdi>.
    const share = [...container.querySelectorAll('[data-share]')].find((s) =>
      s.textContent?.startsWith('نادية الخطيب'),
    )
    expect(share?.querySelector('bdi')?.textContent).toBe('نادية الخطيب')
  })
})
