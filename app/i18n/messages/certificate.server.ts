// The certificate area's English (decision 120): the source its catalogues translate
// (app/i18n/locales/<lang>/certificate.po). Server-only: pages get these as their loaders' data.
// The certificate's view (certificate-view.ts) writes each sentence's English beside its id too
// (app/lib/say.ts), for the PDF and the tests that read it without a translator;
// tests/unit/certificate-words.test.ts holds the two equal.
export const certificate = {
  // The certificate itself (certificate-view.ts, components/certificate.tsx).
  'certificate.kicker': 'Certificate of Authorship',
  'certificate.created': 'Created',
  'certificate.issued': 'Issued {day}',
  'certificate.idLabel': 'Certificate ID:',
  'certificate.label': 'Certificate for {title}',
  'certificate.technical': 'Technical details',
  'certificate.verifyLead': 'Anyone can check this certificate at:',
  'certificate.notPublicYet':
    'Not public yet: this certificate can be viewed online once the song is registered on the blockchain.',
  'certificate.qrLabel': 'QR code of {address}',
  'certificate.summary.recorded':
    '{appName} recorded this song’s authorship on {day}: {people, plural, one {one person} other {# people}}{ai, select, yes { and an AI share} other {}}, with a percentage for each creative part, as declared by the person who submitted it.',
  'certificate.summary.coWriters':
    '{confirmed} of {total, plural, one {# co-writer} other {# co-writers}} confirmed their share{disputed, plural, =0 {} other {; # disputed it}}.',
  'certificate.summary.registered':
    'The record is registered on {network}, with its copy in {storage}: anyone can check it on {page}.',
  'certificate.summary.verificationPage': 'the verification page',
  'certificate.summary.registering':
    'Its registration on the blockchain has started and is not finished.',
  'certificate.summary.kept':
    'The record is kept by {appName}; it is not registered on a blockchain yet.',
  'certificate.section.contributors': 'Contributors & PRO Information',
  'certificate.section.breakdown': 'Contribution Breakdown',
  'certificate.section.details': 'Song Details',
  'certificate.section.identifiers': 'Identifiers',
  'certificate.section.blockchain': 'Blockchain Record',
  'certificate.section.lyrics': 'Lyrics',
  'certificate.section.notes': 'Creative Notes',
  'certificate.role.main': 'Main contributor',
  'certificate.role.coContributor': 'Co-contributor',
  'certificate.role.coContributor2': 'Second co-contributor',
  'certificate.person.proNumber': 'PRO #',
  'certificate.person.publisher': 'Publisher',
  'certificate.person.publisherIpi': 'Publisher IPI',
  'certificate.status.confirmed':
    'Confirmed on {day} by the holder of the invited address{recorded, select, yes {, in the registered record} other {}}',
  'certificate.status.confirmedCredited':
    'Confirmed on {day} by the holder of the invited address{recorded, select, yes {, in the registered record} other {}}, credited as {name}',
  'certificate.status.invited': 'Invited, not confirmed yet',
  'certificate.status.expired': 'Invitation expired, not confirmed',
  'certificate.status.disputed': 'Disputed on {day}: {reason}',
  'certificate.status.declared': 'Declared by the submitter',
  'certificate.statement.none':
    'This certificate records authorship as declared by the submitter; no contributor has confirmed their share.',
  'certificate.statement.all':
    // The straight apostrophe the page has always shown (app/lib/confirmations.ts); before an
    // ordinary letter ICU reads it as itself.
    "Each contributor's share was confirmed{recorded, select, yes { in the registered record} other {}} by the holder of the address invited for them; the other details are as declared by the submitter.",
  'certificate.statement.some':
    'This certificate records authorship as declared by the submitter; {count, plural, one {the share of {names} was} other {the shares of {names} were}} confirmed{recorded, select, yes { in the registered record} other {}} by the holder of the invited address.',
  'certificate.breakdown.empty': 'No contributions declared.',
  'certificate.breakdown.noShares': 'No shares declared',
  'certificate.share.ai': 'AI',
  'certificate.breakdown.writer': '{name} {percent} ({role})',
  'certificate.breakdown.songLabel': 'The song, its writers (words {words} · music {music})',
  'certificate.breakdown.noWriters': 'No writer a PRO would register',
  'certificate.song.aiLyrics':
    'The AI’s {percent} of the lyrics is not a writer’s share: PROs register human writers only.',
  'certificate.song.aiMusic':
    'The AI’s {percent} of the instrumentation (the music) is not a writer’s share: PROs register human writers only.',
  'certificate.song.noWriters':
    'No person wrote the words or the music: the song has no writer a PRO would register.',
  'certificate.song.noMusic':
    'No person wrote the music: the words are the whole of the writers’ song.',
  'certificate.song.noWordsByPeople':
    'No person wrote the words: the music is the whole of the writers’ song.',
  'certificate.song.noWords':
    'This song has no words: the music is the whole of the writers’ song.',
  'certificate.song.melody':
    '{name} wrote the melody (topline): their share of the vocals counts towards the music.',
  'certificate.notSpecified': 'Not specified',
  'certificate.note.sha256':
    'A SHA-256 is a fingerprint of a file’s exact bytes: change one character and the fingerprint changes completely.',
  'certificate.note.sol':
    'SOL is the currency of the Solana blockchain, in which its fees are counted.',
  'certificate.details.tools': 'Tools used',
  'certificate.details.file': 'File location',
  'certificate.details.genre': 'Genre',
  'certificate.details.recordingNone': 'Recording fingerprint (SHA-256)',
  'certificate.details.noRecording': 'No recording fingerprinted',
  'certificate.details.fingerprint': 'Fingerprint: {label} (SHA-256)',
  'certificate.details.bytes': '{count, plural, one {# byte} other {# bytes}}',
  'certificate.details.size': '{size} {unit} ({bytes})',
  'certificate.identifiers.other': 'Other',
  'certificate.identifiers.empty': 'None declared.',
  'certificate.ai.heading': 'AI disclosure',
  'certificate.ai.recording': 'The recording as a whole',
  'certificate.ai.recordingLine': '{whole}: {contains}.',
  'certificate.ai.containsNone':
    'None (DDEX ContainsAI): no part of it was made with generative AI',
  'certificate.ai.containsPartly':
    'Partly (DDEX ContainsAI): part of it was made with generative AI, the rest by people',
  'certificate.ai.containsAll': 'All (DDEX ContainsAI): all of it was made by generative AI',
  'certificate.ai.levelNone': 'no AI',
  'certificate.ai.levelAll': 'made by AI ({percent})',
  'certificate.ai.levelAssisted': 'AI-assisted ({percent})',
  'certificate.ai.component': '{component}: {level}',
  'certificate.ai.basisAlone': 'This is the declaration of the person who submitted the song.',
  'certificate.ai.basis':
    'This is the declaration of the person who submitted the song; {confirmed} of {total, plural, one {# co-writer} other {# co-writers}} confirmed the split it comes from{recorded, select, yes { in the registered record} other {}}.',
  'certificate.ai.toolsLabel': 'AI tools, by name',
  'certificate.ai.toolsNote':
    'As the owner named them, each with the parts it worked on. The tools used (software, instruments) are never counted as AI.',
  'certificate.ai.toolLine': '{name} — {parts}',
  'certificate.ai.toolsNotNamed': 'AI tools not named',
  'certificate.blockchain.date': 'Registration date',
  'certificate.blockchain.network': 'Network',
  'certificate.blockchain.networkStatus': '{network} (status: {status})',
  'certificate.blockchain.storage': 'Storage',
  'certificate.blockchain.transaction': 'Transaction ID',
  'certificate.blockchain.wallet': 'Wallet address',
  'certificate.blockchain.fees': 'Fees',
  'certificate.blockchain.feesTotal':
    'Network fees paid by {appName}: registration fee {fee} SOL + network gas {gas} SOL = {total} SOL',
  'certificate.blockchain.feesNoTotal':
    'Network fees paid by {appName}: registration fee {fee} SOL + network gas {gas} SOL',
  'certificate.privateText':
    'Private: only the song’s owner sees this text. The public certificate holds a commitment to it, never the text itself.',
  'certificate.link.localLedger': 'View on this server’s local ledger',
  'certificate.link.explorer': 'View on blockchain explorer',
  'certificate.link.localStore': 'View the copy stored on this server',
  'certificate.link.permanent': 'View on permanent storage',
  'certificate.network.local.label':
    'Local development ledger on this server — not a public blockchain',
  'certificate.network.local.inSentence':
    'this server’s local development ledger, not a public blockchain',
  'certificate.network.local.note':
    'This is a development record kept only by this server: it is not on a public blockchain, and only this server can show it.',
  'certificate.network.localnet.label':
    'Private Solana validator (localnet) — not a public blockchain',
  'certificate.network.localnet.inSentence': 'a private Solana validator, not a public blockchain',
  'certificate.network.localnet.note':
    'This record is on a Solana validator run privately by the operator, not on a public blockchain.',
  'certificate.network.devnet.label': 'Solana devnet — a public test network',
  'certificate.network.devnet.inSentence': 'Solana devnet, a test network',
  'certificate.network.devnet.note':
    'Devnet is reset from time to time, so this record is not permanent: it may disappear at the next reset.',
  'certificate.network.testnet.label': 'Solana testnet — a public test network',
  'certificate.network.testnet.inSentence': 'Solana testnet, a test network',
  'certificate.network.testnet.note':
    'Testnet is reset from time to time, so this record is not permanent: it may disappear at the next reset.',
  'certificate.network.mainnet.label': 'Solana mainnet',
  'certificate.network.mainnet.inSentence': 'Solana mainnet',
  'certificate.network.unknown.label': 'Network not recorded',
  'certificate.network.unknown.inSentence': 'a network this registration did not record',
  'certificate.network.unknown.note': 'This registration did not record which network it went to.',
  'certificate.storage.local.label': 'Local store on this server — not permanent storage',
  'certificate.storage.local.inSentence': 'this server’s local store, not permanent storage',
  'certificate.storage.local.note':
    'The certificate’s stored copy is kept by this server only, not on Arweave.',
  'certificate.storage.arweave.gateway': 'Arweave, through the gateway {gateway}',
  'certificate.storage.unknown.label': 'Storage not recorded',
  'certificate.storage.unknown.inSentence': 'a store this registration did not record',
  'certificate.timestamp.pending':
    'Timestamp pending: the RFC 3161 timestamp of this snapshot is requested in the background and shown here once the Time-Stamping Authority answers.',
  'certificate.timestamp.stamped': 'Time-stamped by {tsa} at {time} (RFC 3161).',
  'certificate.timestamp.development':
    'Time-stamped by {tsa} at {time} (RFC 3161). This is a development timestamp from this server, not an independent authority.',
  // The page around it (routes/certificate.$id.tsx and its parts).
  'certificate.page.title': '{title} — Certificate | {appName}',
  'certificate.page.description':
    'Certificate {id}: who made "{title}", people and AI, with their shares.',
  'certificate.owner.coWriters': 'Co-writers’ confirmations: invite, resend, revoke',
  'certificate.owner.details': 'Add details: identifiers, performing rights, genre, lyrics, notes',
  'certificate.owner.delete': 'Delete this song',
  'certificate.actions.shareAfterRegistration':
    'Only you can open this certificate for now. It becomes public, at this address, when the song is registered on the blockchain; then you can share its link.',
  'certificate.actions.share': 'Share',
  'certificate.actions.copied': 'Certificate link copied to clipboard!',
  'certificate.actions.copy': 'Copy the certificate link:',
  'certificate.actions.print': 'Save PDF',
  'certificate.actions.link': 'Certificate link',
  'certificate.actions.download': 'Download PDF',
  'certificate.actions.proofBundle': 'Download proof bundle',
  'certificate.actions.splitSheet': 'Split sheet',
  'certificate.actions.dashboard': 'Back to Dashboard',
  'certificate.ddex.download': 'Download the credits for distributors (DDEX ERN 4.3.2, XML)',
  'certificate.ddex.missingDuration':
    'the recording’s duration (add it on the song’s details page)',
  'certificate.ddex.missingTotals': 'a split in which every component totals 100 %',
  'certificate.ddex.needs':
    'Credits for distributors (DDEX ERN 4.3.2): the export needs {missing}.',
  'certificate.timestamps.title': 'Timestamps of this song’s snapshots',
  'certificate.timestamps.text':
    'Each change of the song is a snapshot; a Time-Stamping Authority signs the SHA-256 of its manifest (RFC 3161). Your proof bundle holds them all, with their tokens and the OpenSSL command that checks them.',
  'certificate.timestamps.entry': '{reason} · {time}',
  'certificate.timestamps.manifest': 'Manifest SHA-256 {hash}',
  'certificate.timestamps.reason.created': 'Song created',
  'certificate.timestamps.reason.edited': 'Song edited',
  'certificate.timestamps.reason.details': 'Details added',
  'certificate.timestamps.reason.registered': 'Registered',
  'certificate.versions.supersededBy':
    'Superseded by {id} on {day}. This record stays valid as it was registered.',
  'certificate.versions.supersedes': 'Supersedes {id}.',
  'certificate.versions.title': 'Version history',
  'certificate.versions.new': 'Create a new version',
  'certificate.versions.only': 'This is the only version of this song.',
  'certificate.versions.version': 'Version {number}',
  'certificate.versions.registered': 'Registered',
  'certificate.versions.notRegistered': 'Not registered',
  'certificate.versions.inProgress': 'Registration in progress',
  'certificate.versions.current': 'this certificate',
  'certificate.versions.changesFrom': 'Changes from {id}:',
  'certificate.versions.changesNone': 'Changes from {id}: none',
  'certificate.versions.field': 'Field',
  'certificate.versions.before': 'Before',
  'certificate.versions.after': 'After',
  // The split sheet's page (routes/songs.$id.split-sheet.tsx): the sheet itself is the PDF's view.
  'certificate.splitSheet.title': '{title} — Split sheet | {appName}',
  'certificate.splitSheet.print': 'Print',
  'certificate.splitSheet.printHint': 'Print this page with your browser’s Print command.',
  'certificate.splitSheet.csv': 'Download writers’ CSV',
  'certificate.splitSheet.back': 'Back to the certificate',
} as const
