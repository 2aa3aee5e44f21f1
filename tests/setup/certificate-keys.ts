// Shared by the route and browser tests of the public certificate (decision 020).

/** Every key path of a JSON value, arrays as `[]`: the exact shape a response discloses. */
export function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value))
    return [...new Set(value.flatMap((item) => keyPaths(item, `${prefix}[]`)))].sort()
  // The page's words (decision 120) are the product's, the same for every record: one key.
  if (prefix === 'i18n.messages') return [prefix]
  if (value === null || typeof value !== 'object') return prefix ? [prefix] : []
  return Object.entries(value)
    .flatMap(([key, inner]) => keyPaths(inner, prefix ? `${prefix}.${key}` : key))
    .sort()
}

// The public projection of a certificate (decision 020), key by key: anything more is a leak.
export const PUBLIC_CERTIFICATE_KEYS = [
  'appName',
  'certificate.certificateId',
  // Each name in Latin script beside it (issue 26, decision 055): public as the names are.
  'certificate.coContributor2LatinName',
  'certificate.coContributor2Pro',
  'certificate.coContributor2ProNumber',
  'certificate.coContributor2Publisher',
  'certificate.coContributor2PublisherIpi',
  'certificate.coContributor2WroteMelody',
  'certificate.coContributorLatinName',
  'certificate.coContributorName',
  'certificate.coContributorName2',
  'certificate.coContributorPro',
  'certificate.coContributorProNumber',
  'certificate.coContributorPublisher',
  'certificate.coContributorPublisherIpi',
  'certificate.coContributorWroteMelody',
  'certificate.confirmations.contributors[].slot',
  'certificate.confirmations.contributors[].status',
  'certificate.confirmations.recorded',
  'certificate.contributions[].aiPercent',
  'certificate.contributions[].coContributor2Percent',
  'certificate.contributions[].coContributorPercent',
  'certificate.contributions[].component',
  'certificate.contributions[].contributorPercent',
  'certificate.contributorLatinName',
  'certificate.contributorName',
  'certificate.contributorWroteMelody',
  'certificate.createdAt',
  'certificate.dateCreated',
  'certificate.fileLink',
  'certificate.genre',
  'certificate.isrc',
  'certificate.iswc',
  'certificate.mainContributorPro',
  'certificate.mainContributorProNumber',
  'certificate.mainContributorPublisher',
  'certificate.mainContributorPublisherIpi',
  'certificate.otherIdentifier',
  'certificate.recordings[].fileName',
  'certificate.recordings[].label',
  'certificate.recordings[].mediaType',
  'certificate.recordings[].sha256',
  'certificate.recordings[].size',
  'certificate.registration.createdAt',
  'certificate.registration.explorerUrl',
  'certificate.registration.network',
  'certificate.registration.registrationFee',
  'certificate.registration.status',
  'certificate.registration.storageGateway',
  'certificate.registration.storageKind',
  'certificate.registration.storageUrl',
  'certificate.registration.transactionSignature',
  'certificate.registration.walletAddress',
  'certificate.title',
  'certificate.toolsUsed',
  'certificate.upc',
  // What the writers' shares of the song are derived with (issue 51, decision 117).
  'certificate.wordsWeightPercent',
  'certificateUrl',
  // The page's words in the reader's language (issue 54): no fact of the record.
  'i18n.locale',
  'i18n.messages',
  'isOwner',
  'links.supersededBy',
  'links.supersedes',
  'pdfUrl',
  // The registered snapshot's RFC 3161 timestamp (issue 29): null for a song that has none.
  'timestamp',
  // The verify page's full address (issue 37.4): public, as the page itself is.
  'verifyUrl',
  // That address as a QR code's modules, for the printed page (issue 49.5).
  'verifyQr.path',
  'verifyQr.quietZone',
  'verifyQr.size',
].sort()

/** The timestamp's keys once the registered snapshot has one (pending or stamped). */
export function withTimestamp(keys: string[]) {
  return [
    ...keys.filter((key) => key !== 'timestamp'),
    ...[
      'createdAt',
      'id',
      'manifestSha256',
      'reason',
      'stampedAt',
      'status',
      'tsaKind',
      'tsaName',
    ].map((key) => `timestamp.${key}`),
  ].sort()
}

/** The same projection for a song whose recording was not fingerprinted. */
export const PUBLIC_CERTIFICATE_KEYS_WITHOUT_RECORDING = [
  // An empty list has no key paths at all.
  ...PUBLIC_CERTIFICATE_KEYS.filter((key) => !key.startsWith('certificate.recordings[].')),
].sort()
