// The settings area's English (decision 120): the source its catalogues translate
// (app/i18n/locales/<lang>/settings.po). Server-only: pages get these as their loaders' data.
export const settings = {
  'settings.meta.title': 'Settings',
  'settings.meta.description':
    'Your profile, password, email, Google sign-in, signed-in browsers, data, songs, time zone and account.',
  'settings.title': 'Settings',
  'settings.nav.label': 'Account settings',
  'settings.link.profile.title': 'Profile',
  'settings.link.profile.text': 'Your name and username',
  'settings.link.password.title': 'Password',
  'settings.link.password.text': 'Change your password',
  'settings.link.setPassword.title': 'Set a password',
  'settings.link.setPassword.text': 'Sign in with a password as well as Google',
  'settings.link.email.title': 'Email address',
  'settings.link.email.text': 'Change it by a link mailed to the new address',
  'settings.link.google.title': 'Google',
  'settings.link.google.text': 'Connect or disconnect Google sign-in',
  'settings.link.passkeys.title': 'Passkeys',
  'settings.link.passkeys.text': 'Sign in with your device’s fingerprint, face or PIN',
  'settings.link.twoFactor.title': 'Two-factor authentication',
  'settings.link.twoFactor.on': 'On: signing in asks for a code from your app',
  'settings.link.twoFactor.off': 'Off: turn it on to ask for a code from your phone at sign-in',
  'settings.link.sessions.title': 'Signed-in browsers',
  'settings.link.sessions.text': 'See where you are signed in; sign out one or all others',
  'settings.link.data.title': 'Your data',
  'settings.link.data.text': 'Download everything we hold about you (ZIP of JSON and CSV)',
  'settings.link.delete.title': 'Delete your account',
  'settings.link.delete.text':
    'Your personal data and unregistered songs go; registered certificates stay',

  'settings.songs.title': 'Unregistered songs',
  'settings.songs.nonePermanent':
    'No unregistered songs. A registered song is a permanent record and cannot be deleted.',
  'settings.songs.noneKept':
    'No unregistered songs. A registered song cannot be deleted: this server keeps its record.',
  'settings.songs.intro':
    'A song not yet registered can be deleted with its splits and invitations.',
  'settings.songs.delete': 'Delete',
  'settings.songs.deleteLabel': 'Delete {title}',

  'settings.timeZone.title': 'Time zone',
  'settings.timeZone.intro':
    'Certificates, the dashboard and the song form show dates in this zone. Left on the browser’s zone, pages use your browser’s clock with JavaScript, and UTC without it. Free registrations are counted per month in UTC whatever you choose.',
  'settings.timeZone.today': 'Today:',
  'settings.timeZone.note':
    'Dates in {timeZone} ({source, select, account {your setting} browser {your browser’s time zone} other {the default}})',
  'settings.timeZone.change': 'change',
  'settings.timeZone.label': 'Show dates in',
  'settings.timeZone.browser': 'My browser’s time zone (UTC without JavaScript)',
  'settings.timeZone.likely': 'Most likely',
  'settings.timeZone.all': 'All time zones',
  'settings.timeZone.saving': 'Saving...',
  'settings.timeZone.save': 'Save Time Zone',
  'settings.timeZone.saved': 'Time zone saved',
  'settings.timeZone.savedZone': 'Dates now show in {timeZone}.',
  'settings.timeZone.savedBrowser':
    'Dates now show in your browser’s time zone, or in UTC without JavaScript.',

  'settings.sessions.meta.title': 'Signed-in browsers · Settings',
  'settings.sessions.meta.description':
    'See where your account is signed in and sign out browsers.',
  'settings.sessions.title': 'Signed-in browsers',
  'settings.sessions.intro':
    'Each browser signed in to your account. Sign out one you do not recognise, and change your password.',
  'settings.sessions.browserOn': '{browser} on {system}',
  'settings.sessions.someBrowserOn': 'A browser on {system}',
  'settings.sessions.unknownBrowser': 'Unknown browser',
  'settings.sessions.current': 'This browser',
  'settings.sessions.signedIn': 'Signed in',
  'settings.sessions.lastSeen': 'Last seen',
  'settings.sessions.signOutOne': 'Sign Out This Browser',
  'settings.sessions.signOutOthers': 'Sign Out All Other Browsers',
  'settings.sessions.noOthers': 'No other browser is signed in.',
  'settings.sessions.choose': 'Choose a session to sign out.',
  'settings.sessions.alreadyEnded': 'That session has already ended.',
  'settings.sessions.othersEnded.title': 'Signed out elsewhere',
  'settings.sessions.othersEnded.text': 'Every other browser was signed out of your account.',
  'settings.sessions.ended.title': 'Session ended',
  'settings.sessions.ended.text': 'That browser was signed out of your account.',

  'settings.data.meta.title': 'Your data · Settings',
  'settings.data.meta.description': 'Download everything we hold about you.',
  'settings.data.title': 'Your data',
  'settings.data.intro': 'Download everything we hold about you, as a ZIP of JSON and CSV files.',
  'settings.data.contents': 'What the ZIP holds',
  'settings.data.account':
    'your account: name, username, email, how you sign in (never your password)',
  'settings.data.sessions': 'the browsers signed in to your account',
  'settings.data.songs':
    'your songs with their splits, and the certificates of those you registered',
  'settings.data.invitations': 'the invitations you sent to co-writers, and the ones you answered',
  'settings.data.payments': 'your payments',
  'settings.data.events':
    'your own analytics events (the newest {count, number}; the README in the ZIP says if there were more)',
  'settings.data.others':
    'Nothing of another person’s account is in it: for a song someone else invited you to, only your own answer.',
  'settings.data.download': 'Download Your Data',

  'settings.delete.meta.title': 'Delete your account · Settings',
  'settings.delete.meta.description': 'Delete your account and personal data.',
  'settings.delete.title': 'Delete your account',
  'settings.delete.whatGoes': 'What is deleted, what stays',
  'settings.delete.deleted':
    'Deleted: your name, email, username, password and Google link, your signed-in browsers, your {count, plural, =1 {unregistered song} other {# unregistered songs}} with their invitations, and invitations still waiting for an answer.',
  'settings.delete.keptTerms':
    'Kept, as the terms say: registered songs and their certificates stay public and verifiable under the names written on them, no longer linked to an account.',
  'settings.delete.keptLaw': 'Kept as the law requires: payment records.',
  'settings.delete.confirm': 'Type your username ({username}) to confirm',
  'settings.delete.deleting': 'Deleting...',
  'settings.delete.submit': 'Delete My Account',
  'settings.delete.enterUsername': 'Enter your username to confirm',
  'settings.delete.mismatch': 'Type your username exactly as it is shown',
  'settings.delete.done.title': 'Account deleted',
  'settings.delete.done.text':
    'Your account and personal data were deleted. A last mail confirms it.',

  'settings.google.meta.title': 'Google · Settings',
  'settings.google.meta.description': 'Connect or disconnect Google sign-in.',
  'settings.google.title': 'Google',
  'settings.google.intro':
    'A connected Google account signs in to this account, whatever its address.',
  'settings.google.connected': 'A Google account is connected.',
  'settings.google.notConnected': 'No Google account is connected.',
  'settings.google.setPasswordFirst':
    'Google is the only way into this account. Set a password first, then disconnect Google.',
  'settings.google.setPassword': 'Set a password',
  'settings.google.disconnecting': 'Disconnecting...',
  'settings.google.disconnect': 'Disconnect Google',
  'settings.google.connect': 'Connect Google',
  'settings.google.notConfigured': 'Google sign-in is not configured on this server.',
  'settings.google.choose': 'Choose what to do',
  'settings.google.disconnected.title': 'Google disconnected',
  'settings.google.disconnected.text':
    'Sign in with your username or email and password from now on.',

  'settings.confirm.meta.title': 'Confirm it is you · Settings',
  'settings.confirm.meta.description': 'Confirm your sign-in before a sensitive change.',
  'settings.confirm.title': 'Confirm it is you',
  'settings.confirm.intro':
    'This change needs a sign-in from the last 10 minutes. Confirm, and you go straight back.',
  'settings.confirm.noPassword':
    'Your account has no password. Sign out, then sign in again with Google or your passkey. Then come back to make the change.',
  'settings.confirm.signInAgain': 'Sign out, then sign in again with Google or your passkey.',
  'settings.confirm.signOut': 'Sign out',
  'settings.confirm.code': 'Code from your authenticator app (or a recovery code)',
  'settings.confirm.password': 'Your password',
  'settings.confirm.checking': 'Checking...',
  'settings.confirm.submit': 'Confirm',
  'settings.confirm.enterCode': 'Enter the code from your authenticator app',
  'settings.confirm.enterPassword': 'Enter your password',
  'settings.confirm.wrongPassword': 'Your current password is not correct',
} as const
