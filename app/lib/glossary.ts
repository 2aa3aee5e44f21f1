// The industry's and the chain's words, each explained once in plain words (issue 39.13,
// decision 086): a page shows the sentence beside the word's first appearance, as text, so it
// reads the same without JavaScript, on a phone and on paper.

export const GLOSSARY = {
  PRO: 'A PRO (performing rights organisation, such as ASCAP, JASRAC or IPRS) collects the royalties owed when a song is played in public.',
  IPI: 'An IPI is the 9 to 11-digit number a PRO gives each songwriter, so their royalties reach them and not someone of the same name.',
  'SHA-256':
    'A SHA-256 is a fingerprint of a file’s exact bytes: change one character and the fingerprint changes completely.',
  manifest:
    'The manifest is the file holding the song’s record (title, contributors, shares) exactly as it was registered.',
  'RFC 3161':
    'RFC 3161 is the standard by which an independent time-stamping service signs the moment it saw a fingerprint.',
  SOL: 'SOL is the currency of the Solana blockchain, in which its fees are counted.',
  lamports: 'A lamport is the smallest unit of SOL: one SOL is a billion lamports.',
} as const

export type GlossaryTerm = keyof typeof GLOSSARY
