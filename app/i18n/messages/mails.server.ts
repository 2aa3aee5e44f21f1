// The mails area's English (decision 120): the source its catalogues translate
// (app/i18n/locales/<lang>/mails.po). Server-only: each mail is written on the server, in its
// recipient's language (app/services/platform/mail-language.server.ts). A message is a
// paragraph; the code sets the blank lines, the links and the quoted words between them.
export const mails = {
  'mails.greeting': 'Hello {name},',

  'mails.verification.subject': 'Your {appName} verification code',
  'mails.verification.code': 'Your email verification code is {code}.',
  'mails.verification.enter': 'Enter it on {link} within 24 hours to verify your email address.',

  'mails.verified.subject': 'Your {appName} email address is verified',
  'mails.verified.text':
    'We received your verification code and confirmed that {email} is yours. Your email address is now verified on {appName}, so you can register your songs on the blockchain.',
  'mails.verified.songs': 'Your songs: {link}',

  'mails.reset.subject': 'Reset your {appName} password',
  'mails.reset.asked': 'Someone asked to reset the password of your {appName} account.',
  'mails.reset.open': 'To choose a new password, open this link within one hour:',
  'mails.reset.ignore': 'If it was not you, ignore this message: your password stays as it is.',

  'mails.invitation.subject.first': '{appName}: confirm your share of a song',
  'mails.invitation.subject.reminder': '{appName}: reminder, confirm your share of a song',
  'mails.invitation.subject.splitChanged':
    '{appName}: the split of a song changed, confirm your share again',
  'mails.invitation.subject.afterDispute': '{appName}: the split you disputed has changed',
  'mails.invitation.first':
    'A {appName} user named you as a contributor to a song and asks you to confirm your share of its split, or to dispute it.',
  'mails.invitation.reminder':
    'A reminder: a {appName} user named you as a contributor to a song and still waits for your answer. The split is the one they asked about before; the earlier link no longer works.',
  'mails.invitation.splitChanged':
    "The split of a song you were asked about has changed since the last invitation, so that invitation's link no longer works. Please look at the split as it now stands, and confirm your share or dispute it.",
  'mails.invitation.disputedSaying': "On {date} you disputed your share of a song's split, saying:",
  'mails.invitation.disputed': "On {date} you disputed your share of a song's split.",
  'mails.invitation.disputeStands':
    'The owner has changed the split since. Your dispute stands until you answer: look at the split as it now stands, and confirm your share or dispute it again.',
  'mails.invitation.ownersWords': "These are the owner's words, not {appName}'s:",
  'mails.invitation.theirName': 'Their name:',
  'mails.invitation.songTitle': "The song's title:",
  'mails.invitation.open':
    'Open this link to see the whole split and answer (no account needed). It works once, until {moment}:',
  'mails.invitation.safety':
    '{appName} never asks for bank details or passwords in an invitation. If you do not know this song, ignore this message.',
  'mails.invitation.refuse': 'To receive no more invitations from anyone on {appName}, open:',

  'mails.answer.subject.confirm': '{appName}: a co-writer confirmed their share of “{title}”',
  'mails.answer.subject.dispute': '{appName}: a co-writer disputed their share of “{title}”',
  'mails.answer.role':
    '{slot, select, main {Main contributor} co {Co-contributor} other {Second co-contributor}}',
  'mails.answer.confirmed':
    '{who}, invited at {email}, confirmed their share of the split of “{title}” on {date}.',
  'mails.answer.disputed':
    '{who}, invited at {email}, disputed their share of the split of “{title}” on {date}.',
  'mails.answer.creditedName': 'The name they want credited, in their words:',
  'mails.answer.latinName': 'The same name in Latin script:',
  'mails.answer.why': 'Why they disputed it, in their words:',
  'mails.answer.blocked':
    'The song cannot be registered while the dispute stands. Edit the split: they are invited again to the split as it then stands, and only their answer lifts the dispute.',
  'mails.answer.seeAll': "See every contributor's answer:",
} as const
