// The landing page's English (app/components/landing-page.tsx, its video, title and description):
// the source of app/i18n/locales/<lang>/landing.po. Server-only, sent as the page's data.
export const landing = {
  'landing.meta.title': '{appName} — Lock in Your Song Details - Forever.',
  'landing.meta.description':
    '{appName} lets songwriters document every contributor to a song — people and AI tools alike — and lock it in with a timestamped certificate, a Solana blockchain record and permanent Arweave storage.',
  'landing.hero.title': 'Lock in Your Song Details - Forever.',
  'landing.hero.text':
    'Document who made your song — every writer and every AI tool, with their share of each part — and get a timestamped certificate you can point to for good.',
  'landing.hero.getStarted': 'Get Started',
  'landing.hero.signIn': 'Sign In',
  'landing.layers.title': 'Three layers of proof',
  'landing.layers.snapshot.title': 'Your PT Snapshot',
  'landing.layers.snapshot.text':
    'A timestamped snapshot of your song — its details and every contributor — with its own certificate ID you can share.',
  'landing.layers.solana.title': 'A permanent record on Solana',
  'landing.layers.solana.text':
    'Register the song on the Solana blockchain: a public, dated record that cannot be changed afterwards. We pay the network fee.',
  'landing.layers.arweave.title': 'Permanent storage on Arweave',
  'landing.layers.arweave.text':
    'Your certificate is stored on Arweave, a network built to keep data permanently, and linked from your snapshot.',
  'landing.demo.title': 'Your Song - Your Details - Locked Forever',
  'landing.demo.text':
    'See how a song goes from a form to a certificate, a blockchain record and permanent storage in a few minutes.',
  'landing.video.label': 'Product demo video',
  'landing.video.unsupported': 'Your browser does not support the video tag.',
  'landing.video.failed': 'The demo video could not be loaded.',
  'landing.video.tryLater': 'Please try again later.',
  'landing.video.play': 'Play demo',
  'landing.video.playVideo': 'Play video',
  'landing.video.pauseVideo': 'Pause video',
  'landing.video.unmute': 'Unmute video',
  'landing.video.mute': 'Mute video',
  'landing.video.soon.title': 'Demo video coming soon',
  'landing.video.soon.text':
    "We're putting together a short walkthrough. Until then, create a free account and try it yourself.",
  'landing.features.title': 'Built for songwriters',
  'landing.features.details.title': 'Lock In Every Detail',
  'landing.features.details.text':
    'Title, creation date, lyrics, genre, ISRC, ISWC and UPC codes, PRO information, file links and creative notes — all in one submission, locked into its timestamped certificate. Fingerprint your files too — the master, the stems, the lyric sheet, up to five, each with a label: with JavaScript on, your browser computes their SHA-256 and the files themselves never leave your device; without it they are hashed as they arrive and discarded, never stored.',
  'landing.features.contributors.title': 'List Every Contributor - Even AI',
  'landing.features.contributors.text':
    'Credit up to three people and every AI tool you used, with a human-versus-AI split for lyrics, vocals, instrumentation, production and mixing/mastering. Each co-writer gets an email link to confirm or dispute their share, so the split carries their word too.',
  'landing.features.proof.title': "Proof That Can't Be Erased",
  'landing.features.proof.text':
    'Once a song is registered, its record lives on a public blockchain and in permanent storage. Nobody can quietly edit or delete it — not even us.',
  'landing.features.workflow.title': 'Creator-first Workflow',
  'landing.features.workflow.text':
    'No crypto wallet, no tokens, no jargon. Fill in a form, review it, and get your certificate — we handle the network and storage fees.',
  'landing.note.PRO':
    'A PRO (performing rights organisation, such as ASCAP, JASRAC or IPRS) collects the royalties owed when a song is played in public.',
  'landing.note.SHA-256':
    'A SHA-256 is a fingerprint of a file’s exact bytes: change one character and the fingerprint changes completely.',
  'landing.cta.title': 'Ready to lock in your next song?',
  'landing.cta.text':
    'Create a free account, certify your first song in minutes, and keep the proof forever.',
  'landing.cta.button': 'Get Started for Free',
} as const
