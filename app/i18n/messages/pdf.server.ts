// The pdf area's English (decision 120): the source its catalogues translate
// (app/i18n/locales/<lang>/pdf.po). Server-only: the PDFs' words travel to the document workers
// as the job's data (decision 122). The certificate's rows are the certificate area's (its view,
// shared with the page); these are what only the PDFs say, and the split sheet's view
// (app/services/certificates/documents/split-sheet-view.ts), whose English beside each id
// tests/unit/pdf-words.test.ts holds equal to these.
export const pdf = {
  // What a PDF prints between a label and its value ("Shares: Lyrics 50%").
  'pdf.labelValue': '{label}: {value}',
  'pdf.certificate.documentTitle': '{title} — Certificate {certificateId}',
  'pdf.certificate.subject': 'Certificate of authorship',
  'pdf.certificate.continued': 'Continued: {certificateId} · {title}',
  'pdf.certificate.id': 'Certificate ID: {certificateId}',
  'pdf.certificate.latinName': 'In Latin script: {name}',
  'pdf.scanToVerify': 'Scan to verify',
  'pdf.developmentKey': 'Signed with this server’s development key, not a publicly trusted one.',
  'pdf.split.brand': '{appName} · Split sheet',
  'pdf.split.name': 'Split sheet for {title}',
  'pdf.split.subject': 'Split sheet',
  'pdf.split.continued': 'Split sheet, continued: {certificateId} · {title}',
  'pdf.split.fact.certificateId': 'Certificate ID',
  'pdf.split.fact.created': 'Created',
  'pdf.split.fact.registration': 'Registration',
  'pdf.split.registered': 'Registered on {date}, {network}',
  'pdf.split.pending': 'Registration under way, not confirmed yet',
  'pdf.split.failed': 'Registration failed; not registered',
  'pdf.split.notRegistered': 'Not registered yet: this split can still change',
  'pdf.split.verifyLead': 'Anyone can check the registered record at:',
  'pdf.split.notVerifiable':
    'Not registered: there is no public record to check this split against yet, so this sheet has no verify address.',
  'pdf.split.table.title': 'Contributors and their shares (%)',
  'pdf.split.table.contributor': 'Contributor',
  'pdf.split.table.latinName': 'In Latin script',
  'pdf.split.table.ipi': 'IPI / PRO #',
  'pdf.split.table.shares': 'Shares',
  'pdf.split.table.song': 'The song',
  'pdf.split.table.confirmation': 'Confirmation',
  'pdf.split.role.main': 'Main contributor',
  'pdf.split.role.coContributor': 'Co-contributor',
  'pdf.split.role.coContributor2': 'Second co-contributor',
  'pdf.split.roleDeclaredAs': '{role}, declared as {name}',
  'pdf.split.publisher': 'Publisher: {publisher}',
  'pdf.split.publisherIpi': 'Publisher IPI: {ipi}',
  'pdf.split.songShare': '{role}: {share} of the song (words {words}, music {music})',
  'pdf.split.notAWriter': 'Not a writer of the song: credited on the recording',
  'pdf.split.noShare': 'Not a writer of the song, and no share of the recording',
  'pdf.split.status.confirmed': 'Confirmed on {date} by the holder of the invited address',
  'pdf.split.status.confirmedRecorded':
    'Confirmed on {date} by the holder of the invited address, in the registered record',
  'pdf.split.status.invited': 'Invited, not confirmed yet',
  'pdf.split.status.expired': 'Invitation expired, not confirmed',
  'pdf.split.status.disputed': 'Disputed on {date}: {reason}',
  'pdf.split.status.declared': 'Declared by the submitter',
  'pdf.split.ai.name': 'AI',
  'pdf.split.ai.role': 'Generative AI, as declared',
  'pdf.split.ai.toolsLabel': 'AI tools',
  'pdf.split.ai.tool': '{name} — {parts}',
  'pdf.split.ai.notNamed': 'AI tools not named',
  'pdf.split.song.title': 'The song (words and music), as PROs register it',
  'pdf.split.song.weightLabel': 'Words and music weigh',
  'pdf.split.song.weights': 'Words {words} · Music {music}',
  'pdf.split.song.lead': '{title}. {label}: {value}.',
  'pdf.split.song.total': 'The writers’ shares total {total}.',
  'pdf.split.song.melodyRule':
    'A vocal share counts towards the music only for a person who wrote the melody (topline).',
  'pdf.split.song.melody':
    '{name} wrote the melody (topline): their share of the vocals counts towards the music.',
  'pdf.split.song.aiLyrics':
    'The AI’s {percent} of the lyrics is not a writer’s share: PROs register human writers only.',
  'pdf.split.song.aiMusic':
    'The AI’s {percent} of the instrumentation (the music) is not a writer’s share: PROs register human writers only.',
  'pdf.split.song.noWriter':
    'No person wrote the words or the music: the song has no writer a PRO would register.',
  'pdf.split.song.noMusic':
    'No person wrote the music: the words are the whole of the writers’ song.',
  'pdf.split.song.noWords':
    'No person wrote the words: the music is the whole of the writers’ song.',
  'pdf.split.song.noLyrics': 'This song has no words: the music is the whole of the writers’ song.',
  'pdf.split.song.credited': 'Credited on the recording, not writers of the song: {people}.',
  'pdf.split.song.creditedPerson': '{name} ({parts})',
  'pdf.split.note':
    'Shares are percentages of each component. A confirmed share was accepted by that contributor through a personal invitation; any other share is as declared by the submitter.',
  'pdf.split.signatures.title': 'Signatures',
  'pdf.split.signatures.intro':
    'Each contributor named above signs and dates this sheet to agree to the shares it sets out.',
  'pdf.split.signatures.line': 'Signature — {role}',
  'pdf.split.signatures.date': 'Date',
  'pdf.network.local-ledger': 'Local development ledger on this server — not a public blockchain',
  'pdf.network.localnet': 'Private Solana validator (localnet) — not a public blockchain',
  'pdf.network.devnet': 'Solana devnet — a public test network',
  'pdf.network.testnet': 'Solana testnet — a public test network',
  'pdf.network.mainnet-beta': 'Solana mainnet',
  'pdf.network.none': 'Network not recorded',
} as const
