// The form area's English (decision 120): the source its catalogues translate
// (app/i18n/locales/<lang>/form.po). Server-only: pages get these as their loaders' data.
// The song form's parts (app/components/song-form.tsx and the fields beside it), shown on the
// new song, edit and details pages; `form.formError.*` are the song schemas' refusals, word for
// word, looked up by their English (decision 120, "Form errors"); `form.refusal.*` are the
// refusals that carry a value (a name, the components named), read back by
// app/lib/song-form-errors.ts.
export const form = {
  'form.basic.title': 'Basic Information',
  'form.field.title': 'Song Title *',
  'form.field.dateCreated': 'Date Created *',
  'form.field.contributorName': 'Main Contributor Name *',
  'form.field.coContributorName': 'Co-Contributor Name',
  'form.field.coContributorName2': 'Co-Contributor 2 Name',
  'form.field.toolsUsed': 'Tools Used *',
  'form.field.toolsUsed.hint': 'Instruments and software, e.g. Logic Pro; AI tools go below',
  'form.field.fileLink': 'Song Link *',
  'form.field.fileLink.hint': 'Where the recording lives: SoundCloud, Dropbox, YouTube…',
  'form.field.fileLink.placeholder': 'https://',
  'form.latin.legend': 'Names in Latin script (Optional)',
  'form.latin.hint':
    'For a name written in another script, as royalty societies and partners file it: 김민지 → Kim Minji.',
  'form.latin.main': 'Main contributor in Latin script',
  'form.latin.co1': 'Co-contributor in Latin script',
  'form.latin.co2': 'Co-contributor 2 in Latin script',
  'form.recordings.title': 'Fingerprint your recordings (Optional)',
  'form.recordings.description':
    'The SHA-256 of each file’s bytes goes into the certificate under its label, so anyone holding one of the files can later check it is that file.',
  'form.recordings.inBrowser':
    'Your browser computes each fingerprint (SHA-256) on this device. The files are not uploaded: only their fingerprints, sizes, types and names are sent.',
  'form.recordings.onServer':
    'JavaScript is off, so the files you choose are uploaded when you continue: the server reads each through SHA-256 as it arrives and discards it, never storing it. Up to {max} for all files together.',
  'form.recordings.limit':
    'Up to {count} files, each with its own label (for example Master, Stems archive, Lyric sheet PDF; at most {max} characters).',
  'form.recordings.readFailed': 'Your browser could not read the file ({reason}).',
  'form.recordings.progressLabel': 'Fingerprinting progress',
  'form.recordings.progress': 'Fingerprinting… {read} of {total}',
  'form.recordings.add': 'Add another file',
  'form.recordings.file': 'File {number}',
  'form.recordings.label': 'Label',
  'form.recordings.label.placeholder': 'Master',
  'form.recordings.replace': 'Replace the file',
  'form.recordings.choose': 'File',
  'form.recordings.fingerprint': 'Fingerprint (SHA-256)',
  'form.recordings.remove': 'Remove this file',
  'form.recordings.removeRow': 'Remove this row',
  'form.recordings.showName':
    'Show the file name on the certificate (otherwise only the label, fingerprint, size and type are public)',
  'form.note.sha256':
    'A SHA-256 is a fingerprint of a file’s exact bytes: change one character and the fingerprint changes completely.',
  'form.identifiers.title': 'Song Identifiers (Optional)',
  'form.identifiers.description': 'Hyphens and lower case are fine; we store the standard form.',
  'form.identifiers.upc.placeholder': '12 digits',
  'form.identifiers.other': 'Other Identifier',
  'form.recording.title': 'Recording (Optional)',
  'form.duration.label': 'Length of the recording (Optional)',
  'form.duration.hint': 'Minutes:seconds, for example 3:25. Needed for the DDEX export.',
  'form.duration.fromFile': 'Or read it from the audio file (it stays on your computer):',
  'form.duration.unreadable':
    'This browser could not read the length of that file: type it in instead.',
  'form.duration.read': 'Read from {file}: {length}.',
  'form.pro.title': 'Performance Rights Organizations and Publishers (Optional)',
  'form.pro.pro':
    '{who, select, main {Main Contributor PRO} co1 {Co-Contributor PRO} other {Co-Contributor 2 PRO}}',
  'form.pro.number':
    '{who, select, main {Main Contributor PRO Number} co1 {Co-Contributor PRO Number} other {Co-Contributor 2 PRO Number}}',
  'form.pro.publisher':
    '{who, select, main {Main Contributor Publisher} co1 {Co-Contributor Publisher} other {Co-Contributor 2 Publisher}}',
  'form.pro.publisherIpi':
    '{who, select, main {Main Contributor Publisher IPI} co1 {Co-Contributor Publisher IPI} other {Co-Contributor 2 Publisher IPI}}',
  'form.pro.placeholder': 'ASCAP, BMI, PRS…',
  'form.content.title': 'Content & Creative Notes (Optional)',
  'form.content.lyrics': 'Lyrics',
  'form.content.notes': 'Creative Notes',
  'form.content.notes.hint': 'Inspiration, how it was made, which parts AI helped with…',
  'form.genre.label': 'Genre',
  'form.genre.choose': 'Select a genre',
  'form.privacy.title': 'Privacy notice',
  'form.privacy.text':
    'Your lyrics and creative notes stay private: when you register a song, only their fingerprints (SHA-256) go into its record. The other details on your certificate become public once the song is registered; where it is registered on a public blockchain, that record can never be deleted or changed.',
  'form.split.title': 'Creative Contributions',
  'form.split.description':
    'For each component, split the work between the contributors and AI. Each component should total 100%.',
  'form.split.flagged':
    'A total other than 100% is flagged; you can still continue and fix it later.',
  'form.split.component': 'Component',
  'form.split.main': 'Main contributor',
  'form.split.co1': 'Co-contributor',
  'form.split.co2': 'Co-contributor 2',
  'form.split.ai': 'AI',
  'form.split.total': 'Total',
  'form.split.cell': '{component}: {column} %',
  'form.split.notYet': 'not worked out yet',
  'form.split.mustTotal': '(must total 100%)',
  'form.split.noScript': 'Totals are worked out when the form is reviewed.',
  'form.aiTools.title': 'AI tools by name (Optional)',
  'form.aiTools.description':
    'Each AI tool and the parts it worked on; a part needs an AI share in the split.',
  'form.aiTools.tool': 'AI tool {number}',
  'form.aiTools.part': 'AI tool {number}: {component}',
  'form.writers.title': 'Writers of the song (Optional)',
  'form.writers.description':
    'PROs register the song (its words and music) apart from the recording. The writers’ shares are worked out from the lyrics and instrumentation shares. A vocal share counts towards the music only for a person who wrote the melody (topline).',
  'form.writers.melody': 'Wrote the melody (topline)',
  'form.writers.weight': 'Words’ weight in the song (%)',
  'form.writers.weight.hint':
    'Words and music weigh {words}/{music} unless you set another weight: 60 means words 60%, music 40%.',
  'form.formError.titleRequired': 'Song title is required',
  'form.formError.titleMax': 'Song title must be at most 200 characters',
  'form.formError.contributorRequired': 'Contributor name is required',
  'form.formError.contributorMax': 'Contributor name must be at most 200 characters',
  'form.formError.coContributorMax': 'Co-contributor name must be at most 200 characters',
  'form.formError.coContributor2Max': 'Second co-contributor name must be at most 200 characters',
  'form.formError.latinNameMax': 'Name in Latin script must be at most 200 characters',
  'form.formError.latinName': 'Write this name in Latin letters (accents are fine)',
  'form.formError.toolsRequired': 'Tools used is required',
  'form.formError.toolsMax': 'Tools used must be at most 1000 characters',
  'form.formError.linkRequired': 'Song link is required',
  'form.formError.linkMax': 'Song link must be at most 2000 characters',
  'form.formError.link': 'Please enter a valid link starting with http:// or https://',
  'form.formError.linkUserinfo':
    'Remove everything between // and @ from this link (a shared link needs no name or password)',
  'form.formError.plainText':
    'Remove the invisible control characters from this text (they often come with pasted text)',
  'form.formError.dateRequired': 'Date created is required',
  'form.formError.dateInvalid': 'Please enter a valid date',
  'form.formError.dateFuture': 'Date created cannot be in the future',
  'form.formError.percentNumber': 'Enter a number from 0 to 100',
  'form.formError.percentRange': 'Percentages must be between 0 and 100',
  'form.formError.percentDecimals': 'Use at most two decimals',
  'form.formError.component':
    'Component must be one of lyrics, vocals, instrumentation, production, mixing',
  'form.formError.componentTwice': 'Each component may appear only once',
  'form.formError.clearedCo1':
    'Co-Contributor Name is empty, so its percentages cannot count toward 100%: write the name, or give its share to another contributor or AI.',
  'form.formError.clearedCo2':
    'Co-Contributor 2 Name is empty, so its percentages cannot count toward 100%: write the name, or give its share to another contributor or AI.',
  'form.formError.totals': 'All contribution percentages must total 100% for each component.',
  'form.formError.genre': 'Please choose a genre from the list',
  'form.formError.isrc': 'ISRC must be in format: CCXXXNNNNNNN',
  'form.formError.iswc': 'ISWC must be in format: T-XXXXXXXXXX',
  'form.formError.iswcCheck': 'This ISWC check digit does not match: please check the number',
  'form.formError.upc': 'UPC must be 12 digits',
  'form.formError.upcCheck': 'This UPC check digit does not match: please check the number',
  'form.formError.otherIdentifierMax': 'Other identifier must be at most 200 characters',
  'form.formError.proMax': 'PRO must be at most 50 characters',
  'form.formError.proNumberMax': 'PRO number must be at most 50 characters',
  'form.formError.publisherMax': 'Publisher must be at most 200 characters',
  'form.formError.ipiLength': 'An IPI number has 8 to 11 digits',
  'form.formError.lyricsMax': 'Lyrics must be at most 20000 characters',
  'form.formError.notesMax': 'Creative notes must be at most 5000 characters',
  'form.formError.duration':
    'Write the length as minutes:seconds, for example 3:25 (or 1:02:05 with hours)',
  'form.formError.recordingDigest': 'The fingerprint must be 64 hexadecimal characters (a SHA-256)',
  'form.formError.recordingSize': 'The file size must be a whole number of bytes, more than 0',
  'form.formError.recordingLabelMissing': 'Enter a label for this file, for example Master',
  'form.formError.recordingFileMissing':
    'Choose a file to fingerprint for this label, or clear the label',
  'form.formError.recordingLabelTaken': 'Each file needs its own label',
  'form.formError.recordingDigestTaken': 'This file is already fingerprinted above',
  'form.formError.recordingAgain':
    'Fingerprint the file again: its digest and its size come together',
  'form.formError.recordingLabelMax': 'The label must be at most 60 characters',
  'form.formError.recordingFileNameMax': 'The file name must be at most 255 characters',
  'form.formError.recordingMediaTypeMax': 'The media type must be at most 255 characters',
  'form.formError.recordingMediaType': 'The media type must look like audio/wav',
  'form.formError.recordingEmpty': 'The chosen file is empty: there is nothing to fingerprint.',
  'form.formError.aiToolNameMax': 'The AI tool’s name must be at most 100 characters',
  'form.formError.aiToolComponents': 'Name parts of the song from the list of components',
  'form.formError.aiToolsMax': 'Name at most 4 AI tools',
  'form.formError.aiToolNameMissing':
    'Name the AI tool that worked on the parts ticked, or untick them',
  'form.formError.aiToolPartsMissing': 'Tick at least one part of the song this AI tool worked on',
  'form.formError.aiToolNameTaken': 'Each AI tool once: tick all its parts on one row',
  'form.formError.wordsWeight':
    'Enter the words’ weight as a whole number from 1 to 99 (the music gets the rest), or leave it empty for 50',
  'form.refusal.shareless':
    '“{name}” is named as a co-writer but has 0% in every component: give them a share where they contributed, or clear the name.',
  'form.refusal.aiToolNoShare':
    'The AI holds 0% of {components} in the split: tick only parts where the AI has a share, or give the AI its share first',
  'form.refusal.listSeparator': ', ',
  'form.refusal.splitTotals':
    'All contribution percentages must total 100% for each component. {totals}.',
  'form.refusal.ipiCheck':
    'The last two digits of this IPI number ({digits}) do not match the nine before them: please check the number',
} as const
