// Shared with the browser bundle: plain data, no zod.

export const GENRES = [
  'Afrobeat',
  'Alternative',
  'Ambient/New Age',
  'Acappella/Spoken Word',
  'Blues',
  "Children's Music",
  'Christian/Gospel',
  'Classical',
  'Comedy',
  'Country',
  'Dance',
  'Electronic',
  'Folk',
  'Hip-Hop/Rap',
  'Instrumental',
  'Jazz',
  'Latin',
  'Metal',
  'Pop',
  'Punk',
  'R&B/Soul',
  'Reggae',
  'Rock',
  'Singer-Songwriter',
  'Soundtrack/Score',
  'World',
] as const
export type Genre = (typeof GENRES)[number]

export const COMPONENTS = ['lyrics', 'vocals', 'instrumentation', 'production', 'mixing'] as const
export type Component = (typeof COMPONENTS)[number]

export const COMPONENT_LABELS: Record<Component, string> = {
  lyrics: 'Lyrics',
  vocals: 'Vocals',
  instrumentation: 'Instrumentation',
  production: 'Production',
  mixing: 'Mixing/Mastering',
}

export const PERCENT_FIELDS = [
  'contributorPercent',
  'coContributorPercent',
  'coContributor2Percent',
  'aiPercent',
] as const
export type PercentField = (typeof PERCENT_FIELDS)[number]

/** SPEC §2: Acappella/Spoken Word has no instrumentation; Instrumental has no lyrics and no vocals. */
export function visibleComponents(genre: string | null | undefined): Component[] {
  if (genre === 'Acappella/Spoken Word') return COMPONENTS.filter((c) => c !== 'instrumentation')
  if (genre === 'Instrumental') return COMPONENTS.filter((c) => c !== 'lyrics' && c !== 'vocals')
  return [...COMPONENTS]
}

export interface ContributionValues {
  component: Component
  contributorPercent: number
  coContributorPercent: number
  coContributor2Percent: number
  aiPercent: number
}

/**
 * A song's contribution rows with their shares and nothing else (no ids, no song id): the split a
 * record publishes and an invitee is shown and confirms.
 */
export function contributionShares(rows: readonly ContributionValues[]): ContributionValues[] {
  return rows.map((c) => ({
    component: c.component,
    contributorPercent: c.contributorPercent,
    coContributorPercent: c.coContributorPercent,
    coContributor2Percent: c.coContributor2Percent,
    aiPercent: c.aiPercent,
  }))
}

/** Sums in hundredths so 33.33 + 33.33 + 33.34 is exactly 100. */
export function componentTotal(row: Pick<ContributionValues, PercentField>) {
  const hundredths = PERCENT_FIELDS.reduce(
    (sum, field) => sum + Math.round(Number(row[field]) * 100),
    0,
  )
  return hundredths / 100
}

export function totalsAreComplete(rows: Pick<ContributionValues, PercentField>[]) {
  return rows.every((row) => componentTotal(row) === 100)
}

export const TOTALS_MESSAGE = 'All contribution percentages must total 100% for each component.'

export const DEFAULT_CONTRIBUTION = {
  contributorPercent: 100,
  coContributorPercent: 0,
  coContributor2Percent: 0,
  aiPercent: 0,
}

/**
 * A name with its Latin-script form beside it when one was given and differs (issue 26):
 * "김민지 (Kim Minji)". For plain text; a page sets each part apart itself.
 */
export function nameWithLatin(name: string, latinName: string | null | undefined) {
  return latinName && latinName !== name ? `${name} (${latinName})` : name
}

/** A song's three contributor slots, as its columns name them. */
export interface ContributorColumns {
  contributorName: string
  coContributorName: string | null
  coContributorName2: string | null
  contributorLatinName: string | null
  coContributorLatinName: string | null
  coContributor2LatinName: string | null
  mainContributorPro: string | null
  coContributorPro: string | null
  coContributor2Pro: string | null
  mainContributorProNumber: string | null
  coContributorProNumber: string | null
  coContributor2ProNumber: string | null
  /** Issue 51.3 (decision 119): each one's publisher and its IPI; absent in records made before. */
  mainContributorPublisher?: string | null
  mainContributorPublisherIpi?: string | null
  coContributorPublisher?: string | null
  coContributorPublisherIpi?: string | null
  coContributor2Publisher?: string | null
  coContributor2PublisherIpi?: string | null
}

export type ContributorSlot = 'main' | 'co-contributor' | 'co-contributor-2'

/**
 * The three slots unpacked once, in order: the main contributor always, each co-contributor only
 * when named (`named` says what counts as a name).
 */
export function contributorSlots(
  song: ContributorColumns,
  named: (name: string | null) => name is string = (name): name is string => Boolean(name),
) {
  const slots = [
    {
      slot: 'main' as const,
      name: song.contributorName,
      latinName: song.contributorLatinName,
      pro: song.mainContributorPro,
      proNumber: song.mainContributorProNumber,
      publisher: song.mainContributorPublisher ?? null,
      publisherIpi: song.mainContributorPublisherIpi ?? null,
    },
    {
      slot: 'co-contributor' as const,
      name: song.coContributorName,
      latinName: song.coContributorLatinName,
      pro: song.coContributorPro,
      proNumber: song.coContributorProNumber,
      publisher: song.coContributorPublisher ?? null,
      publisherIpi: song.coContributorPublisherIpi ?? null,
    },
    {
      slot: 'co-contributor-2' as const,
      name: song.coContributorName2,
      latinName: song.coContributor2LatinName,
      pro: song.coContributor2Pro,
      proNumber: song.coContributor2ProNumber,
      publisher: song.coContributor2Publisher ?? null,
      publisherIpi: song.coContributor2PublisherIpi ?? null,
    },
  ]
  return slots.flatMap(({ name, ...rest }, index) =>
    index === 0 || named(name) ? [{ ...rest, name: name ?? '' }] : [],
  )
}

/** A contribution row as a form posts it: every percentage a string. */
export type ContributionFormRow = { component: string } & Record<PercentField, string>

/** One row per component, in the table's order; a component the song has no row for gets the default split. */
export function contributionFormRows(
  rows: readonly ({ component: string } & Partial<Record<PercentField, number | string>>)[] = [],
): ContributionFormRow[] {
  return COMPONENTS.map((component) => {
    const row = rows.find((r) => r.component === component)
    const value = (field: PercentField) =>
      String(row ? (row[field] ?? 0) : DEFAULT_CONTRIBUTION[field])
    return {
      component,
      contributorPercent: value('contributorPercent'),
      coContributorPercent: value('coContributorPercent'),
      coContributor2Percent: value('coContributor2Percent'),
      aiPercent: value('aiPercent'),
    }
  })
}

const CO_SLOTS = [
  { name: 'coContributorName', percent: 'coContributorPercent', label: 'Co-Contributor Name' },
  { name: 'coContributorName2', percent: 'coContributor2Percent', label: 'Co-Contributor 2 Name' },
] as const
type CoNameField = (typeof CO_SLOTS)[number]['name']

/**
 * A share typed for a co-contributor who has no name (never written, or cleared, issue 18 point 7)
 * cannot count and must not vanish unseen (issue 39 item 6): the message sits on that name, on the
 * edit form (with JavaScript, before the post) and in the server's answer to every song form.
 */
export function clearedContributorErrors(song: {
  coContributorName?: string | null
  coContributorName2?: string | null
  contributions?: readonly Partial<Record<PercentField, number | string>>[]
}): Partial<Record<CoNameField, string>> {
  const blank = (name: CoNameField) => (song[name] ?? '').trim() === ''
  // A row's total without the shares of unnamed co-contributors: what the form shows.
  const counted = (row: Partial<Record<PercentField, number | string>>) =>
    componentTotal({
      contributorPercent: Number(row.contributorPercent) || 0,
      coContributorPercent: blank('coContributorName') ? 0 : Number(row.coContributorPercent) || 0,
      coContributor2Percent: blank('coContributorName2')
        ? 0
        : Number(row.coContributor2Percent) || 0,
      aiPercent: Number(row.aiPercent) || 0,
    })
  const errors: Partial<Record<CoNameField, string>> = {}
  for (const slot of CO_SLOTS) {
    // Refused whenever the share is needed to make 100. Beside named shares that already make
    // 100 it is left out: with JavaScript its column is hidden once the name is cleared, so the
    // writer could neither see nor clear it (decision 081).
    const holdsShare = (song.contributions ?? []).some(
      (row) => (Number(row[slot.percent]) || 0) > 0 && counted(row) !== 100,
    )
    if (blank(slot.name) && holdsShare)
      errors[slot.name] =
        `${slot.label} is empty, so its percentages cannot count toward 100%: ` +
        'write the name, or give its share to another contributor or AI.'
  }
  return errors
}

/**
 * A co-contributor named but given 0 % in every component the song shows (issue 39 item 3): the
 * form's defaults left them so, and their invitation would ask them to confirm a share of
 * nothing. Refused on their name, which the message repeats, on every song form the server
 * reads (decision 095).
 */
export function sharelessCoWriterErrors(song: {
  coContributorName?: string | null
  coContributorName2?: string | null
  contributions?: readonly Partial<Record<PercentField, number | string>>[]
}): Partial<Record<CoNameField, string>> {
  const errors: Partial<Record<CoNameField, string>> = {}
  for (const slot of CO_SLOTS) {
    const name = (song[slot.name] ?? '').trim()
    const share = (song.contributions ?? []).some((row) => (Number(row[slot.percent]) || 0) > 0)
    if (name !== '' && !share)
      errors[slot.name] =
        `“${name}” is named as a co-writer but has 0% in every component: ` +
        'give them a share where they contributed, or clear the name.'
  }
  return errors
}

// Issue 51 item 5 (decision 119): a generative-AI tool the owner named; its rules are in ai-tools.ts.
export interface AiTool {
  name: string
  components: Component[]
}

/** The form's rows: a fixed number, so the form works without JavaScript. */
export const MAX_AI_TOOLS = 4
export const AI_TOOL_NAME_MAX = 100

/** What a song saved before the tools could be named, or with none named, says: never a guess. */
export const AI_TOOLS_NOT_NAMED = 'AI tools not named'

/** "Suno v4 — Lyrics, Instrumentation": a tool and its parts, in the components' order. */
export function aiToolLine(tool: AiTool) {
  return `${tool.name} — ${tool.components.map((c) => COMPONENT_LABELS[c]).join(', ')}`
}

/** One row as the form holds it: the name, and "on" for each component ticked. */
export type AiToolFormRow = { name: string; components?: string[] } & Partial<
  Record<Component, string>
>
