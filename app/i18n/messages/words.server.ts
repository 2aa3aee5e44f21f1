// The domain's shared words (decision 120): the names every song page, certificate and split sheet
// uses alike — the five creative components, the writer roles, the genres, the glossary's notes,
// the time-zone note and the split's warning — so one word is translated once and reads the same
// on every page. The source its catalogues translate (app/i18n/locales/<lang>/words.po).
// Server-only: pages get these as their loaders' data (`pageMessages(locale, ['words', …])`).
export const words = {
  'words.component.lyrics': 'Lyrics',
  'words.component.vocals': 'Vocals',
  'words.component.instrumentation': 'Instrumentation',
  'words.component.production': 'Production',
  'words.component.mixing': 'Mixing/Mastering',
  'words.role.CA': 'Composer-author (CA)',
  'words.role.C': 'Composer (C)',
  'words.role.A': 'Author (A)',
  'words.genre.afrobeat': 'Afrobeat',
  'words.genre.alternative': 'Alternative',
  'words.genre.ambient': 'Ambient/New Age',
  'words.genre.spokenWord': 'Acappella/Spoken Word',
  'words.genre.blues': 'Blues',
  'words.genre.children': "Children's Music",
  'words.genre.gospel': 'Christian/Gospel',
  'words.genre.classical': 'Classical',
  'words.genre.comedy': 'Comedy',
  'words.genre.country': 'Country',
  'words.genre.dance': 'Dance',
  'words.genre.electronic': 'Electronic',
  'words.genre.folk': 'Folk',
  'words.genre.hipHop': 'Hip-Hop/Rap',
  'words.genre.instrumental': 'Instrumental',
  'words.genre.jazz': 'Jazz',
  'words.genre.latin': 'Latin',
  'words.genre.metal': 'Metal',
  'words.genre.pop': 'Pop',
  'words.genre.punk': 'Punk',
  'words.genre.rnb': 'R&B/Soul',
  'words.genre.reggae': 'Reggae',
  'words.genre.rock': 'Rock',
  'words.genre.singerSongwriter': 'Singer-Songwriter',
  'words.genre.soundtrack': 'Soundtrack/Score',
  'words.genre.world': 'World',
  'words.note.PRO':
    'A PRO (performing rights organisation, such as ASCAP, JASRAC or IPRS) collects the royalties owed when a song is played in public.',
  'words.note.IPI':
    'An IPI is the number (8 to 11 digits) a PRO gives each songwriter, so their royalties reach them and not someone of the same name.',
  'words.note.manifest':
    'The manifest is the file holding the song’s record (title, contributors, shares) exactly as it was registered.',
  'words.note.manifest.word': 'manifest',
  'words.note.rfc3161':
    'RFC 3161 is the standard by which an independent time-stamping service signs the moment it saw a fingerprint.',
  'words.timeZone.note':
    'Dates in {timeZone} ({source, select, account {your setting} browser {your browser’s time zone} other {the default}})',
  'words.timeZone.change': 'change',
  'words.split.total': '{component} totals {total}',
  'words.split.warning':
    'Warning: this split is not complete. {totals}. Each component must total 100%, so these shares cannot be relied on as they stand.',
  'words.split.separator': '; ',
} as const
