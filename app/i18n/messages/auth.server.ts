// The auth area's English (decision 120): the source its catalogues translate
// (app/i18n/locales/<lang>/auth.po). Server-only: pages get these as their loaders' data.
//
// `auth.formError.*` are the schemas' and services' English messages, word for word: a page's
// data keys them by that English (app/i18n/form-errors.server.ts), so a field error, the error
// summary and the form's alert show the translation of the message the schema gave.
export const auth = {
  'auth.or': 'or',
  'auth.errorSummary.title': 'There is a problem',
  'auth.google.continue': 'Continue with Google',
  'auth.google.signUp': 'Sign up with Google',
  'auth.google.notConfigured': 'Google sign-in is not configured on this server.',
  'auth.password.show': 'Show',
  'auth.password.hide': 'Hide',
  'auth.password.showLabel': 'Show password',
  'auth.password.hideLabel': 'Hide password',
  'auth.password.rule':
    'At least {min} characters, with an uppercase letter, a lowercase letter and a number.',
  'auth.tooMany.minutes':
    'Too many attempts. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'auth.tooMany.hours': 'Too many attempts. Please try again in {hours} hours.',

  'auth.register.meta.title': 'Create Account',
  'auth.register.meta.description': 'Create an account to certify your songs.',
  'auth.register.title': 'Create your account',
  'auth.register.subtitle': 'Start certifying who made your songs — people and AI tools alike.',
  'auth.register.firstName': 'First name',
  'auth.register.lastName': 'Last name',
  'auth.register.username': 'Username',
  'auth.register.usernameHint':
    '3 to 30 characters: Latin letters a–z, digits 0–9 and _. You can sign in with it.',
  'auth.register.email': 'Email',
  'auth.register.password': 'Password',
  'auth.register.timeZone': 'Your time zone',
  'auth.register.timeZoneHint':
    'Dates on your dashboard and certificates are shown in it. You can change it in Settings.',
  'auth.register.submit': 'Create Account',
  'auth.register.pending': 'Creating account...',
  'auth.register.haveAccount': 'Already have an account?',
  'auth.register.signIn': 'Sign in',
  'auth.register.failed': 'Registration failed',
  'auth.register.done.title': 'Registration successful',
  'auth.register.done.text': 'Please log in with your new account.',

  'auth.login.meta.title': 'Sign In',
  'auth.login.meta.description': 'Sign in to certify and register your songs.',
  'auth.login.title': 'Sign in',
  'auth.login.subtitle': 'Welcome back. Sign in to manage your songs and certificates.',
  'auth.login.usernameOrEmail': 'Username or email',
  'auth.login.password': 'Password',
  'auth.login.forgot': 'Forgot your password?',
  'auth.login.submit': 'Sign In',
  'auth.login.pending': 'Signing in...',
  'auth.login.noAccount': "Don't have an account?",
  'auth.login.createOne': 'Create one',
  'auth.login.failed': 'Login failed',
  'auth.login.passkey': 'Sign in with a passkey',
  'auth.login.passkeyWaiting': 'Waiting for your passkey...',
  'auth.googlePage.meta.title': 'Google Sign-In',
  'auth.googlePage.meta.description':
    'Sign in with your Google account, or use your email and password instead.',
  'auth.googlePage.title': 'Sign in with Google',
  'auth.googlePage.subtitle': 'Use your Google account to sign in or create an account.',
  'auth.googlePage.signIn': 'Sign in with Google',
  'auth.googlePage.alternative': 'Alternative Google sign-in',
  'auth.googlePage.withEmail': 'Sign in with email',
  'auth.googlePage.newHere': 'New here?',
  'auth.googlePage.create': 'Create an account',

  'auth.forgot.meta.title': 'Forgot Password',
  'auth.forgot.meta.description': 'Reset the password of your account.',
  'auth.forgot.title': 'Forgot your password?',
  'auth.forgot.subtitle':
    "Enter the email of your account and we'll send you a link to choose a new password.",
  'auth.forgot.email': 'Email',
  'auth.forgot.submit': 'Send Reset Link',
  'auth.forgot.pending': 'Sending...',
  'auth.forgot.back': 'Back to Sign In',
  'auth.forgot.sent.title': 'Check Your Email',
  'auth.forgot.sent.text':
    "If an account with that email exists, you'll receive a password reset link shortly.",
  'auth.forgot.sent.hint':
    'The link works once, for one hour. Check your spam folder if it does not arrive.',

  'auth.reset.meta.title': 'Reset Password',
  'auth.reset.meta.description': 'Choose a new password.',
  'auth.reset.title': 'Reset Password',
  'auth.reset.subtitle': 'Choose a new password for your account.',
  'auth.reset.password': 'New Password',
  'auth.reset.confirm': 'Confirm Password',
  'auth.reset.submit': 'Reset Password',
  'auth.reset.pending': 'Resetting...',
  'auth.reset.remember': 'Remember your password?',
  'auth.reset.signIn': 'Sign in',
  'auth.reset.invalid.title': 'Invalid Reset Link',
  'auth.reset.invalid.text': 'The password reset link is invalid or has expired.',
  'auth.reset.invalid.again': 'Request a new password reset link',
  'auth.reset.failed': 'Password reset failed',
  'auth.reset.done.title': 'Password reset successful',
  'auth.reset.done.text': 'Please log in with your new password.',

  'auth.twoFactor.meta.title': 'Two-factor authentication · Sign In',
  'auth.twoFactor.meta.description': 'The second step of signing in.',
  'auth.twoFactor.title': 'Two-factor authentication',
  'auth.twoFactor.subtitle':
    'Enter the 6-digit code your authenticator app shows for this account, or one of your recovery codes.',
  'auth.twoFactor.code': 'Authentication code',
  'auth.twoFactor.hint': 'A recovery code works too, once.',
  'auth.twoFactor.submit': 'Verify',
  'auth.twoFactor.pending': 'Checking...',
  'auth.twoFactor.startAgain': 'Start again',
  'auth.twoFactor.expired.title': 'Sign in again',
  'auth.twoFactor.expired.text':
    'The sign-in waited more than 5 minutes for its code. Please start again.',

  'auth.google.meta.title': 'Continue signing in with Google',
  'auth.google.meta.description': 'Continue a Google sign-in mailed to your address.',
  'auth.google.title': 'Continue signing in with Google',
  'auth.google.named':
    'The Google account “{name}” (ID ending {idEnding}) asked to sign in to the account {username}.',
  'auth.google.unnamed':
    'The Google account with no name (ID ending {idEnding}) asked to sign in to the account {username}.',
  'auth.google.next':
    'Next, enter the code from your authenticator app. Nothing on the account changes: its password, two-factor authentication and passkeys stay.',
  'auth.google.continueButton': 'Continue',
  'auth.google.gone.title': 'This link no longer works',
  'auth.google.gone.text':
    'It expired or was already used. Sign in with Google again to get a new one.',
  'auth.google.gone.toast':
    'It expired or was already used. Sign in with Google again for a new one.',
  'auth.google.otherBrowser.title': 'Open the link in the browser that asked',
  'auth.google.otherBrowser.text':
    'This link works only in the browser where Google sign-in was chosen. If that was you, open it there. If it was not you, nothing changed: you can ignore the mail.',
  'auth.google.otherBrowser.toast':
    'This link works only in the browser where Google sign-in was chosen. Nothing changed.',
  'auth.google.signIn': 'Sign in',

  'auth.verify.meta.title': 'Verify Your Email',
  'auth.verify.meta.description': 'Verify your email address to register songs on the blockchain.',
  'auth.verify.title': 'Verify Your Email',
  'auth.verify.intro':
    'Email verification is needed before you can register songs on the blockchain for free.',
  'auth.verify.verified': 'Your email {email} is verified.',
  'auth.verify.mailed.title': 'Check your inbox',
  'auth.verify.mailed.text':
    'We emailed a 6-digit code to {email}. Enter it here to verify right away; each emailed code allows {tries, plural, one {# try} other {# tries}}.',
  'auth.verify.generate.title': 'Verify with a code we email you',
  'auth.verify.generate.text':
    'Generate a code and we email it to {email}; you then enter it here to verify right away. Each emailed code allows {tries, plural, one {# try} other {# tries}}.',
  'auth.verify.code': 'Code from the email',
  'auth.verify.submit': 'Verify',
  'auth.verify.generating': 'Generating...',
  'auth.verify.sendNew': 'Send a new code',
  'auth.verify.generate': 'Generate Verification Code',
  'auth.verify.back': 'Back to Dashboard',
  'auth.verify.noMail.title': 'No email from us?',
  'auth.verify.noMail.text':
    'Check your spam folder first. Otherwise we can verify you by hand: get a different code, email it to {supportEmail} from {email}, and we confirm your address, usually within 24 hours.',
  'auth.verify.supportButton': 'Get a Code for Support',
  'auth.verify.support.title': 'Send us this code',
  'auth.verify.support.step1': 'Send an email from {email} to the support address below.',
  'auth.verify.support.step2': 'Use the subject and message shown here; the code must be in them.',
  'auth.verify.support.step3':
    'We confirm your address, usually within 24 hours. The code is valid for 24 hours.',
  'auth.verify.support.only':
    'This code is for support only: it does not work in the box for the emailed code. If our email arrives after all, go back and enter the code from it.',
  'auth.verify.support.to': 'To',
  'auth.verify.support.subject': 'Subject',
  'auth.verify.support.message': 'Message',
  'auth.verify.support.open': 'Open Email Client',
  'auth.verify.support.newCode': 'Generate New Code',
  'auth.verify.support.enterMailed': 'Enter the Emailed Code',
  'auth.verify.alreadyVerified': 'Your email is already verified.',
  'auth.verify.error': 'Error',
  'auth.verify.generated': 'Verification Code Generated',
  'auth.verify.done.title': 'Email verified',
  'auth.verify.done.text': 'You can now register songs on the blockchain.',
  'auth.verify.triesLeft':
    'Invalid or expired verification code. {left, plural, one {# try} other {# tries}} left for this code.',

  'auth.formError.enterFirstName': 'Enter your first name',
  'auth.formError.enterLastName': 'Enter your last name',
  'auth.formError.firstNameTooLong': 'First name must be at most 50 characters',
  'auth.formError.lastNameTooLong': 'Last name must be at most 50 characters',
  'auth.formError.enterUsername': 'Enter a username',
  'auth.formError.usernameTooShort': 'Username must be at least 3 characters',
  'auth.formError.usernameTooLong': 'Username must be at most 30 characters',
  'auth.formError.usernameCharacters':
    'Username can only contain letters, numbers, and underscores',
  'auth.formError.usernameTaken': 'Username is already taken',
  'auth.formError.enterEmail': 'Enter your email address',
  'auth.formError.invalidEmail': 'Please enter a valid email address',
  'auth.formError.reservedEmail':
    'This email address is reserved. Please use a different email address.',
  'auth.formError.enterPassword': 'Enter a password',
  'auth.formError.enterNewPassword': 'Enter a new password',
  'auth.formError.passwordTooShort': 'Password must be at least 8 characters',
  'auth.formError.passwordTooLong': 'Password must be at most 128 characters',
  'auth.formError.passwordKinds':
    'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  'auth.formError.timeZone': 'Please choose a time zone from the list',
  'auth.formError.enterUsernameOrEmail': 'Enter your username or email address',
  'auth.formError.enterYourPassword': 'Enter your password',
  'auth.formError.loginFailed': 'Invalid username/email or password',
  'auth.formError.loginFallback': 'Login failed',
  'auth.formError.loginNoMessage': 'Please check your credentials and try again.',
  'auth.formError.registrationFailed': 'Registration failed',
  'auth.formError.confirmPassword': 'Please confirm your password',
  'auth.formError.passwordsDiffer': "Passwords don't match",
  'auth.formError.resetToken': 'Reset token is required',
  'auth.formError.resetEmailFailed': 'Failed to send reset email',
  'auth.formError.enterCode': 'Enter the code from your authenticator app',
  'auth.formError.codeTooLong': 'That code is too long',
  'auth.formError.enterACode': 'Enter a code',
  'auth.formError.wrongCode': 'That code is not correct. Check your authenticator app.',
  'auth.formError.usedCode': 'That code was already used. Wait for your app to show the next one.',
  'auth.formError.recoveryRefused':
    'That recovery code is not correct or was already used: each one works once.',
  'auth.formError.notEnrolled': 'Two-factor authentication is not on for this account.',
  'auth.formError.unreadableKey':
    'Your two-factor key cannot be read on this server any more. Use a recovery code, or write to support.',
  'auth.formError.unknownAction': 'Unknown action',
  'auth.formError.generateFailed': 'Failed to generate verification code',
  'auth.formError.sixDigits': 'The code must be exactly 6 digits',
  'auth.formError.enterSixDigits': 'Enter the 6-digit code',
  'auth.formError.invalidCode': 'Invalid or expired verification code',
  'auth.formError.voidCode':
    'Too many wrong codes: this code no longer works. Please generate a new code.',
  'auth.formError.supportCodeTyped':
    'That is the code to send to support, not the one we emailed you. It did not use up a try.',
  'auth.formError.invalidReset': 'The password reset link is invalid or has expired.',
} as const
