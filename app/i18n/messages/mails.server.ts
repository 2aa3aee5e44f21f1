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

  'mails.hello': 'Hello,',

  'mails.emailTaken.subject': 'Your address was typed as a new {appName} sign-in address',
  'mails.emailTaken.text':
    'Someone signed in to another {appName} account asked to move it to this address. This address already has its own {appName} account, so nothing changed and no link was sent.',
  'mails.emailTaken.ifYou':
    'If it was you, sign in to the account you want to keep, or write to {support}.',
  'mails.emailConfirm.subject': 'Confirm your new {appName} email address',
  'mails.emailConfirm.asked':
    'Someone asked to make this the email address of their {appName} account.',
  'mails.emailConfirm.open':
    'To confirm, open this link within one hour, in the browser signed in to that account:',
  'mails.emailConfirm.ignore': 'If it was not you, ignore this message: nothing changes.',
  'mails.emailAsked.subject': 'A change of your {appName} email address was asked',
  'mails.emailAsked.text':
    'Someone signed in to your {appName} account asked to change its email address to {email}. Nothing changes until a link mailed to that address is opened.',
  'mails.emailAsked.notYou':
    'If it was not you, change your password at {passwordLink}, sign out other browsers at {sessionsLink}, and write to {support}.',
  'mails.emailChanged.subject': 'Your {appName} email address was changed',
  'mails.emailChanged.text':
    'The email address of your {appName} account was changed from this address to {email}. Mail about the account now goes there, and this address no longer signs in.',
  'mails.emailChanged.notYou': 'If it was not you, write to {support} at once.',

  'mails.passwordChanged.subject': 'Your {appName} password was changed',
  'mails.passwordChanged.text':
    'The password of your {appName} account was just changed from its settings page. Every other browser signed in to the account was signed out.',
  'mails.passwordSet.subject': 'A password was set on your {appName} account',
  'mails.passwordSet.text':
    'A password was just set on your {appName} account; it can now sign in with it as well as with Google. Every other browser signed in to the account was signed out.',
  'mails.passwordChanged.notYou':
    'If this was not you, reset your password at {resetLink} and write to {support}.',

  'mails.deleted.subject': 'Your {appName} account was deleted',
  'mails.deleted.text':
    'Your {appName} account (username {username}) was deleted, as you asked. Its personal data and unregistered songs are gone.',
  'mails.deleted.registered':
    'Songs you registered stay public and verifiable under the names written on their certificates, as the terms say; they are no longer linked to an account. Payment records are kept only as long as the law requires.',
  'mails.deleted.questions': 'Questions: {support}',

  'mails.wrongCodes.subject': 'Wrong two-factor codes were typed for your {appName} account',
  'mails.wrongCodes.text':
    'Several wrong two-factor codes were just typed for the {appName} account registered with this address (username {username}). Typing a code comes after the password, so whoever typed them knows your password or holds a signed-in session. Further codes are refused for 15 minutes.',
  'mails.wrongCodes.what':
    'If it was you, nothing needs doing. If it was not, change your password now ({passwordLink}, or {resetLink} if you are signed out): that signs out every other session.',

  'mails.addressTaken.subject': 'Someone tried to create a {appName} account with your address',
  'mails.addressTaken.text':
    'Someone tried to create a new {appName} account with this email address, which already has an account, so no new account was made.',
  'mails.addressTaken.signIn': 'If it was you, sign in with your account:',
  'mails.addressTaken.forgot': 'Forgot your password? Choose a new one here:',
  'mails.addressTaken.notYou': 'If it was not you, you need do nothing: your account is unchanged.',

  'mails.googleAdded.subject': 'Google sign-in was added to your {appName} account',
  'mails.googleAdded.text':
    'Your {appName} account (username {username}) was just signed into with the Google account {google}. From now on that Google account can sign in to it.',
  'mails.googleAdded.ifYou':
    'If this was you, there is nothing to do; your password keeps working too.',
  'mails.googleAdded.notYou':
    'If it was not you, reset your password at {resetLink} and write to {support}.',
  'mails.googleChanged.subject': 'Google sign-in changed on your {appName} account',
  'mails.googleChanged.connected':
    'Google sign-in on your {appName} account (username {username}) was connected: the Google account {google} can now sign in to it.',
  'mails.googleChanged.disconnected':
    'Google sign-in on your {appName} account (username {username}) was disconnected: Google no longer signs in to it.',
  'mails.googleChanged.notYou':
    'If this was not you, change your password at {passwordLink} and write to {support}.',

  'mails.removed.subject': 'Ways into your {appName} account were removed',
  'mails.removed.text':
    'The {appName} account registered with this address (username {username}) had never verified it. The Google account {google}, which Google says holds this address, has just signed in to it, so only that Google account keeps a way in. Removed:',
  'mails.removed.password': 'the password',
  'mails.removed.sessions':
    '{count, plural, one {# signed-in session (signed out)} other {# signed-in sessions (signed out)}}',
  'mails.removed.google': 'another Google account connected to it',
  'mails.removed.change': 'a pending change of the email address',
  'mails.removed.resets': 'password reset links not yet used',
  'mails.removed.from':
    'From now on, sign in with Google; you can set a password again at {resetLink}.',
  'mails.removed.notYou': 'If you did not sign in with Google just now, write to {support}.',

  'mails.signInLink.subject': 'Continue signing in to your {appName} account with Google',
  'mails.signInLink.text':
    'The Google account {google} asked to sign in to the {appName} account registered with this address (username {username}). That account has two-factor authentication on and has not verified this address, so Google alone does not open it.',
  'mails.signInLink.open':
    '{hours, plural, one {If it was you, open this link within # hour, in the browser where you chose Google:} other {If it was you, open this link within # hours, in the browser where you chose Google:}}',
  'mails.signInLink.code':
    'You will then be asked for the code from your authenticator app. Nothing on the account changes: its password, two-factor authentication and passkeys stay.',
  'mails.signInLink.notYou':
    'If it was not you, ignore this mail: the link works only in the browser that asked, and nothing changed. To sign in with a Google account of your own, sign in first and connect it in Settings.',

  'mails.googleAccount.label': '{name} (ID ending {idEnding})',
  'mails.googleAccount.labelWithAddress': '{name} (ID ending {idEnding}, {address})',
  'mails.googleAccount.noName': 'with no name',
} as const
