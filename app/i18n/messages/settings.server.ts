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

  'settings.profile.meta.title': 'Profile · Settings',
  'settings.profile.meta.description': 'Change your name, username and PRO details.',
  'settings.profile.title': 'Profile',
  'settings.profile.intro':
    'Your name is shown on your account; certificates keep the names written on each song.',
  'settings.profile.pro.legend': 'Your PRO (optional)',
  'settings.profile.pro.intro':
    'A new song starts with these as the main contributor’s, which you can change or clear there. Songs already saved keep their own.',
  'settings.profile.pro.label': 'PRO',
  'settings.profile.pro.placeholder': 'ASCAP, BMI, PRS…',
  'settings.profile.proNumber.label': 'PRO number',
  'settings.profile.proNumber.hint': 'Your IPI number, or your society’s own member number',
  'settings.profile.saving': 'Saving...',
  'settings.profile.save': 'Save Profile',
  'settings.profile.saved.title': 'Profile saved',
  'settings.profile.saved.text': 'Your name, username and PRO details were saved.',
  'settings.profile.ipiCheckDigits':
    'The last two digits of this IPI number ({digits}) do not match the nine before them: please check the number',

  'settings.email.meta.title': 'Email address · Settings',
  'settings.email.meta.description': 'Change the email address of your account.',
  'settings.email.title': 'Email address',
  'settings.email.intro':
    'We mail a link to the new address; your address changes when you open it in this browser. Your current address is told.',
  'settings.email.current':
    'Your address: {email} {verified, select, yes {(verified)} other {(not verified yet)}}',
  'settings.email.change.title': 'Change your address',
  'settings.email.change.typo':
    'A typo in your address? Change it here: the link proves the new one, and verifies it.',
  'settings.email.change.label': 'New email address',
  'settings.email.change.pending': 'Sending...',
  'settings.email.change.submit': 'Send Confirmation Link',
  'settings.email.sent.title': 'Check the new mailbox',
  'settings.email.sent.text':
    'If {email} can be used, a link is on its way there. Open it within an hour, in this browser, to confirm. Until then your address stays as it is.',
  'settings.email.confirm.title': 'Confirm your new email address',
  'settings.email.confirm.text':
    'Make {newEmail} the email address of your account, in place of {email}? Your old address will be told.',
  'settings.email.confirm.pending': 'Confirming...',
  'settings.email.confirm.submit': 'Confirm New Address',
  'settings.email.changed.title': 'Email address changed',
  'settings.email.changed.text': 'Your email address is now {email}, and it is verified.',

  'settings.password.meta.title': 'Password · Settings',
  'settings.password.meta.description': 'Change or set your password.',
  'settings.password.change.title': 'Change password',
  'settings.password.change.intro':
    'Other browsers signed in to your account are signed out when it changes, and we mail you to say so.',
  'settings.password.set.title': 'Set a password',
  'settings.password.set.intro':
    'Your account signs in with Google. A password lets it sign in with your username or email too.',
  'settings.password.current': 'Current password',
  'settings.password.new': 'New password',
  'settings.password.confirm': 'Confirm new password',
  'settings.password.saving': 'Saving...',
  'settings.password.change.submit': 'Change Password',
  'settings.password.set.submit': 'Set Password',
  'settings.password.changed': 'Password changed',
  'settings.password.setDone': 'Password set',
  'settings.password.othersSignedOut':
    'Every other browser signed in to your account was signed out.',

  'settings.twoFactor.meta.title': 'Two-factor authentication · Settings',
  'settings.twoFactor.meta.description': 'Turn two-factor authentication on or off.',
  'settings.twoFactor.title': 'Two-factor authentication',
  'settings.twoFactor.intro':
    'With two-factor on, signing in asks for a code from an authenticator app on your phone as well as your password or Google.',
  'settings.twoFactor.admin.confirm':
    'Admin pages need a session that passed two-factor. {confirmLink}, or sign out and sign in again with it.',
  'settings.twoFactor.admin.confirmLink': 'Confirm with your code',
  'settings.twoFactor.admin.turnOn':
    'The administrator must use two-factor authentication: turn it on below to reach the admin pages.',
  'settings.twoFactor.codes.title': 'Your recovery codes',
  'settings.twoFactor.codes.text':
    'Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only now.',
  'settings.twoFactor.stateOn':
    'Two-factor authentication is {on}. {left, plural, one {# of 10 recovery codes left.} other {# of 10 recovery codes left.}}',
  'settings.twoFactor.on': 'on',
  'settings.twoFactor.stateOff': 'Two-factor authentication is {off}.',
  'settings.twoFactor.off': 'off',
  'settings.twoFactor.codeOrRecovery': 'Code from your app (or a recovery code)',
  'settings.twoFactor.regenerate.title': 'New recovery codes',
  'settings.twoFactor.regenerate.text': 'The codes you have now stop working.',
  'settings.twoFactor.regenerate.submit': 'Make New Recovery Codes',
  'settings.twoFactor.disable.title': 'Turn two-factor off',
  'settings.twoFactor.disable.submit': 'Turn Off Two-Factor',
  'settings.twoFactor.enrol.title': 'Set up your authenticator app',
  'settings.twoFactor.enrol.scan':
    'Scan this QR code with your authenticator app, or type the key below. On the phone that has the app, open it from here instead.',
  'settings.twoFactor.enrol.type': 'Type the 6-digit code the app then shows.',
  'settings.twoFactor.enrol.qrAlt': 'QR code of your two-factor key',
  'settings.twoFactor.enrol.openApp': 'Open in your authenticator app',
  'settings.twoFactor.enrol.key': 'Key: {key}',
  'settings.twoFactor.enrol.code': 'Code from your app',
  'settings.twoFactor.enrol.submit': 'Turn On Two-Factor',
  'settings.twoFactor.enrol.cancel': 'Cancel',
  'settings.twoFactor.start': 'Set Up Two-Factor',
  'settings.twoFactor.choose': 'Choose what to do',
  'settings.twoFactor.started.title': 'Scan the QR code',
  'settings.twoFactor.started.text': 'Then type the code your app shows to turn two-factor on.',
  'settings.twoFactor.cancelled': 'Two-factor set-up cancelled',
  'settings.twoFactor.turnedOn.title': 'Two-factor authentication is on',
  'settings.twoFactor.turnedOn.text':
    'You were signed out everywhere else. Keep your recovery codes below: they are shown only now.',
  'settings.twoFactor.replaced.title': 'New recovery codes',
  'settings.twoFactor.replaced.text':
    'The old ones no longer work. Keep these below: they are shown only now.',
  'settings.twoFactor.turnedOff.title': 'Two-factor authentication is off',
  'settings.twoFactor.turnedOff.text': 'Signing in now asks for your password (or Google) alone.',

  // The passkeys page (issue 28, decision 064) and the add form it draws from
  // app/components/passkeys.tsx; the sign-in's passkey button is the auth area's.
  'settings.passkeys.meta.title': 'Passkeys · Settings',
  'settings.passkeys.meta.description': 'Add, rename and remove the passkeys that sign you in.',
  'settings.passkeys.title': 'Passkeys',
  'settings.passkeys.intro':
    'A passkey signs you in with your device’s lock (fingerprint, face or PIN) instead of a password. It stays on your device; we keep only its public key.',
  'settings.passkeys.add.title': 'Add a passkey',
  'settings.passkeys.list.title': 'Your passkeys',
  'settings.passkeys.empty': 'You have no passkeys yet.',
  'settings.passkeys.added': 'Added',
  'settings.passkeys.lastUsed': 'Last used',
  'settings.passkeys.never': 'Never',
  'settings.passkeys.name': 'Name',
  'settings.passkeys.rename': 'Rename',
  'settings.passkeys.remove': 'Remove',
  'settings.passkeys.removeLabel': 'Remove {name}',
  'settings.passkeys.gone':
    'That passkey is not in your account (it may have been removed already).',
  'settings.passkeys.lastWayIn':
    'This is your only way to sign in: set a password (or keep Google connected) before removing it.',
  'settings.passkeys.addedToast.title': 'Passkey added',
  'settings.passkeys.addedToast.text': 'You can now sign in with “{name}”.',
  'settings.passkeys.renamed.title': 'Passkey renamed',
  'settings.passkeys.renamed.text': 'It is now called “{name}”.',
  'settings.passkeys.removed.title': 'Passkey removed',
  'settings.passkeys.removed.text': 'It can no longer sign in to your account.',
  'settings.passkeys.needJs':
    'Adding a passkey needs JavaScript, which is off in this browser. You can still sign in with your password or with Google.',
  'settings.passkeys.unsupported':
    'This browser cannot make passkeys. You can still sign in with your password or with Google.',
  'settings.passkeys.newName': 'Name for the new passkey',
  'settings.passkeys.defaultName': 'Left empty, it is called “{name}”.',
  'settings.passkeys.waiting': 'Waiting for your passkey...',
  'settings.passkeys.addButton': 'Add a Passkey',

  // The settings forms' own refusals, word for word the schemas' and services' English
  // (app/lib/account-schemas.ts, app/services/accounts/*): the pages' data keys them by it. The
  // name, username, password and code rules they share with sign-up are the auth area's.
  'settings.formError.proTooLong': 'PRO must be at most 50 characters',
  'settings.formError.proNumberTooLong': 'PRO number must be at most 50 characters',
  'settings.formError.invisible':
    'Remove the invisible control characters from this text (they often come with pasted text)',
  'settings.formError.enterNewEmail': 'Enter your new email address',
  'settings.formError.linkIncomplete': 'This link is incomplete',
  'settings.formError.sameAddress': 'This is already your email address.',
  'settings.formError.invalidChangeLink':
    'This link is invalid or has expired, or it belongs to another account. Ask for a new one from the email settings.',
  'settings.formError.addressNowTaken':
    'Another account now uses this address, so it cannot become yours. Choose another address.',
  'settings.formError.wrongCurrentPassword': 'Your current password is not correct',
  'settings.formError.passkeyName': 'Enter a name for the passkey',
  'settings.formError.passkeyNameTooLong': 'A passkey name is at most 64 characters',
  'settings.formError.choosePasskey': 'Choose a passkey',
} as const
