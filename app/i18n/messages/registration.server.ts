// The registration area's English (decision 120): the source its catalogues translate
// (app/i18n/locales/<lang>/registration.po). Server-only: pages get these as their loaders' data.
export const registration = {
  'registration.meta.title': 'Register {title} on Blockchain',
  'registration.meta.notFound': 'Song not found',
  'registration.title': 'Register on Blockchain',
  'registration.adds.permanent':
    'Adds “{title}” to the Solana blockchain for permanent, immutable proof of authorship, with the certificate stored permanently on Arweave.',
  'registration.adds.local':
    'Adds “{title}” to this server’s record of authorship (where, is said below): not permanent public proof.',
  'registration.adds.dialogPermanent':
    'Adds “{title}” to the Solana blockchain for permanent, immutable proof of authorship.',
  'registration.adds.dialogLoading':
    'Adds the song title to the Solana blockchain for permanent, immutable proof of authorship.',
  'registration.certificateId': 'Certificate ID {id}',
  'registration.running': 'This song’s registration is running:',
  'registration.refreshes': 'This page refreshes every 2 seconds.',
  'registration.backToSuccess': 'Back to Success Screen',
  'registration.cancel': 'Cancel',
  'registration.loading': 'Loading...',

  'registration.card.plan': '{tier, select, free {Free Plan} other {{name} Plan}}',
  'registration.card.unlimited': 'Unlimited free registrations',
  'registration.card.used':
    '{used} of {limit, plural, one {# free registration} other {# free registrations}} used this month (months are counted in UTC)',
  'registration.card.destination':
    'This server registers on: {network}. Storage: {storage}. {notes}',
  'registration.card.confirmLocal':
    'I confirm that I want to register this original work where this server registers, as said above. I understand this record is not permanent public proof.',
  'registration.card.confirmPermanent':
    'I confirm that I want to permanently register this original work on the Solana blockchain and permanently store its certificate on Arweave. I understand this record is public and can never be changed or deleted.',
  'registration.card.needsVerification': 'Free registrations need a verified email.',
  'registration.card.verifyEmail': 'Verify your email',
  'registration.card.editSplits': 'Edit the song’s splits',
  'registration.card.workingLocal': 'Registering your song where this server registers…',
  'registration.card.workingPermanent':
    'Storing your certificate on Arweave and anchoring it on Solana…',
  'registration.card.paymentReceived': 'Payment received: your {price} pays for this registration.',
  'registration.card.registering': 'Registering...',
  'registration.card.register': 'Register on Blockchain',
  'registration.card.registerFree': 'Register on Blockchain — Free',
  'registration.card.pay': 'Pay {price}',
  'registration.card.noPayments':
    'You have used this month’s free registration, and payments are not available on this server.',
  'registration.card.fees': 'Network and storage fees are paid by {appName}. No wallet needed.',

  'registration.steps.label': 'Registration progress',
  'registration.step.queued': 'Queued',
  'registration.step.store': 'Copying the record to the store',
  'registration.step.ledger': 'Writing it to the ledger',
  'registration.step.done': 'Done',
  'registration.step.state':
    '({state, select, done {done} running {in progress} failed {failed} other {not started}})',

  'registration.complete.title': 'Blockchain Registration Complete',
  'registration.complete.toastTitle': 'Blockchain Registration Complete!',
  'registration.complete.recordedOn': 'Recorded on: {network}.',
  'registration.complete.dashboard': 'Go to Dashboard',
  'registration.complete.explorer': 'View Song on Solana Explorer',
  'registration.complete.localLedger': 'View Song on This Server’s Local Ledger',
  'registration.complete.certificate': 'See Certificate',
  'registration.complete.mainnetDialog':
    'Your song has been permanently registered on the blockchain.',
  'registration.complete.mainnetToast':
    'Your song is now permanently registered on the Solana blockchain.',

  // The networks and stores a registration names (app/lib/registration-network.ts), by key.
  'registration.network.localLedger.label':
    'Local development ledger on this server — not a public blockchain',
  'registration.network.localLedger.short': 'Local ledger',
  'registration.network.localLedger.note':
    'This is a development record kept only by this server: it is not on a public blockchain, and only this server can show it.',
  'registration.network.localLedger.done':
    'Your song is now registered on this server’s local development ledger, not a public blockchain.',
  'registration.network.localnet.label':
    'Private Solana validator (localnet) — not a public blockchain',
  'registration.network.localnet.short': 'Private validator',
  'registration.network.localnet.note':
    'This record is on a Solana validator run privately by the operator, not on a public blockchain.',
  'registration.network.localnet.done':
    'Your song is now registered on a private Solana validator, not a public blockchain.',
  'registration.network.devnet.label': 'Solana devnet — a public test network',
  'registration.network.devnet.short': 'Solana devnet (test)',
  'registration.network.devnet.note':
    'Devnet is reset from time to time, so this record is not permanent: it may disappear at the next reset.',
  'registration.network.devnet.done':
    'Your song is now registered on Solana devnet, a test network.',
  'registration.network.testnet.label': 'Solana testnet — a public test network',
  'registration.network.testnet.short': 'Solana testnet (test)',
  'registration.network.testnet.note':
    'Testnet is reset from time to time, so this record is not permanent: it may disappear at the next reset.',
  'registration.network.testnet.done':
    'Your song is now registered on Solana testnet, a test network.',
  'registration.network.mainnet.label': 'Solana mainnet',
  'registration.network.mainnet.short': 'Solana mainnet',
  'registration.network.unknown.label': 'Network not recorded',
  'registration.network.unknown.short': 'Network not recorded',
  'registration.network.unknown.note': 'This registration did not record which network it went to.',
  'registration.network.unknown.done': 'Your song is now registered on the blockchain.',
  'registration.storage.local.label': 'Local store on this server — not permanent storage',
  'registration.storage.local.note':
    'The certificate’s stored copy is kept by this server only, not on Arweave.',
  'registration.storage.arweave.label': 'Arweave',
  'registration.storage.arweaveGateway.label': 'Arweave, through the gateway {gateway}',

  // The services' refusals (app/services/registration, app/lib/song-lock.ts), by their English.
  'registration.refusal.confirm':
    'Tick the box above to confirm that you want to register this song.',
  'registration.refusal.failed': 'Failed to register on blockchain',
  'registration.refusal.emailVerification':
    'Email verification required for free blockchain registrations',
  'registration.refusal.pay':
    'You have used this month’s free registration. Pay {price} to register this song.',
  'registration.refusal.alreadyRegistered': 'This song is already registered on the blockchain.',
  'registration.refusal.inProgress': 'This song’s registration is already in progress.',
  'registration.refusal.waiting':
    'Your registration was sent and is waiting for confirmation. Check back in a minute.',
  'registration.refusal.notFound': 'Song not found',
  'registration.refusal.successor':
    'A new version of this certificate is already registered ({id}); only one version can succeed it. Create the new version from {id} instead.',
  'registration.refusal.splits':
    'All contribution percentages must total 100% for each component. {totals}. Correct the song’s splits on its edit page before registering it.',
  'registration.refusal.disputed':
    '{names} disputed their share; edit the split before registering.',
  'registration.refusal.paymentsUnavailable': 'Payments are not available on this server.',
  'registration.refusal.alreadyPaid': 'Your payment is already received: register the song now.',
  'registration.refusal.useFree':
    'This song can be registered with this month’s free registration.',
  'registration.refusal.providerUnreachable':
    'The payment provider could not be reached. Please try again.',
  'registration.refusal.successorUnnamed':
    'A new version of this certificate is already registered; only one version can succeed it.',

  'registration.pay.meta.title': 'Pay to register {title}',
  'registration.pay.title': 'Pay for Blockchain Registration',
  'registration.pay.intro':
    '{price} registers “{title}” on the Solana blockchain, with its certificate stored permanently on Arweave.',
  'registration.pay.needsScript':
    'The card form needs JavaScript. Go back and use Pay {price} to pay on Stripe’s secure checkout page instead.',
  'registration.pay.kept':
    'Your payment is kept for this registration: try again from the registration card.',
  'registration.pay.back': 'Back to registration',
  'registration.pay.registering':
    'Payment confirmed. Storing your certificate on Arweave and anchoring it on Solana…',
  'registration.pay.confirming': 'Confirming your payment...',
  'registration.pay.error': 'Payment Error',
  'registration.pay.goBack': 'Go Back',
  'registration.pay.preparing': 'Preparing secure payment...',
  'registration.pay.received': 'Payment received. Confirming with the server...',
  'registration.pay.processing': 'Processing...',
  'registration.pay.failed': 'Payment Failed',
  'registration.pay.notCompleted': 'The payment was not completed.',
  'registration.pay.errorTitle': 'Error',
  'registration.pay.initToast': 'Failed to initialize payment. Please try again.',
  'registration.pay.initCard': 'Unable to initialize payment',
  'registration.pay.unexpected': 'An unexpected error occurred during payment processing.',
  'registration.pay.successTitle': 'Payment Successful',
  'registration.pay.successDescription': 'You can now proceed with blockchain registration!',
} as const
