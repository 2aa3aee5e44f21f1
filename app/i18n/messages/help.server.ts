// The help area's English (decision 120): the source its catalogues translate
// (app/i18n/locales/<lang>/help.po). Server-only: pages get these as their loaders' data.
// `<0>…</0>` marks the part of a sentence drawn as an element (a link, a bold phrase), Lingui's
// convention, so the sentence is translated whole (decision 123).
export const help = {
  'help.faq.meta.title': 'Help / FAQ | {appName}',
  'help.faq.meta.description':
    'Answers to common questions about {appName}: how song certificates work, AI contributions, blockchain records and fees.',
  'help.faq.title': 'Frequently Asked Questions',
  'help.faq.intro': 'Everything you need to know about certifying your songs with {appName}.',
  'help.faq.why.question': 'Why Solana and Arweave?',
  'help.faq.why.solana':
    'Each does one job very well. Solana is a fast, low-cost public blockchain: it handles over {tps} transactions per second, confirms records within seconds and keeps network fees small — which is why {appName} can pay them for you.',
  'help.faq.why.arweave':
    'Arweave is a storage network built for permanence: data is paid for once and kept by the network, instead of being rented month by month from a single provider. Your certificate stays reachable even if a company — including ours — goes away.',
  'help.faq.how.question': 'How does {appName} work?',
  'help.faq.how.submit':
    '<0>Submit your song.</0> Enter its details and contributors, and split each creative component — lyrics, vocals, instrumentation, production and mixing/mastering — between the people involved and AI.',
  'help.faq.how.lock':
    '<0>Lock it in.</0> Register the song on the Solana blockchain and store its certificate permanently on Arweave. A free registration needs a verified email address; a paid one does not.',
  'help.faq.how.receive':
    '<0>Receive your snapshot.</0> You get a timestamped PT Snapshot with its own certificate ID, a link to the blockchain record and a link to the permanent copy.',
  'help.faq.blockchain.question': 'Why use a blockchain at all?',
  'help.faq.blockchain.answer':
    'A public blockchain is a shared record that no single company controls. Once your registration is written, it carries the time it was made and cannot be edited, back-dated or deleted — not by you, not by anyone else, and not by {appName}. Anyone can check it independently with a public blockchain explorer, without having to trust us.',
  'help.faq.pro.question': 'Does this replace my performing rights organization (PRO)?',
  'help.faq.pro.answer':
    'No. Keep registering your works with your PRO (such as ASCAP, BMI, PRS or SOCAN) — it is what collects your performance royalties. {appName} lets you note your PRO and member numbers next to the song so the details sit in one place.',
  'help.faq.pro.copyright':
    '{appName} is also not a legal copyright registration. If you want one, file it with your national copyright office. Our record is independent, time-stamped evidence of what you declared and when.',
  'help.faq.note.SHA-256':
    'A SHA-256 is a fingerprint of a file’s exact bytes: change one character and the fingerprint changes completely.',
  'help.faq.success.question': 'How do I know my record was registered successfully?',
  'help.faq.success.answer':
    'When the registration is confirmed you see a success message with a link to view the song on the Solana Explorer. The song is then marked “Registered” on your dashboard, and its certificate shows the transaction ID, the registration date, and links to the blockchain explorer and the permanent Arweave copy, so you can check the record yourself at any time.',
  'help.faq.ai.question': 'Can I track songs made with AI?',
  'help.faq.ai.answer':
    'Yes — that is what {appName} is built for. For every creative component you record how much came from each person and how much from AI, and you can list the AI tools you used. Fully human, fully AI and everything in between are all welcome; the point is an honest, permanent record.',
  'help.faq.proves.question': 'What does a PT Snapshot prove?',
  'help.faq.proves.intro': 'A PT Snapshot records three things:',
  'help.faq.proves.when': 'when the song was registered;',
  'help.faq.proves.who': 'who contributed to it, people and AI, and in what shares;',
  'help.faq.proves.details': 'the song details as they stood at that moment.',
  'help.faq.proves.files':
    'If you fingerprint your files when you submit the song (up to five, each with a label such as “Master”, “Stems archive” or “Lyric sheet PDF”), the snapshot also records each of them: the label, the SHA-256 fingerprint of the file’s exact bytes, its size and type (and its name only if you choose). No file is stored anywhere. With JavaScript on, your browser computes the fingerprints and the files never leave your device; with JavaScript off, our server reads each upload once to compute its fingerprint and discards it. Anyone holding one of the files can later check it against your certificate’s verification page, which names the label it matches.',
  'help.faq.proves.cowriters':
    'Your co-writers can back your word: from the song’s co-writers page you email each of them a link (no account needed) where they see the whole split and confirm their share with the name they want credited, or dispute it. A disputed share blocks registration until you edit the split; the confirmations given are part of the record.',
  'help.faq.proves.limits':
    'It documents authorship as you declared it. It does not judge whether a claim is true, and it is not a legal ruling on ownership.',
  'help.faq.wallet.question': 'Do I need a crypto wallet or tokens?',
  'help.faq.wallet.answer':
    'No. {appName} pays the blockchain network and permanent storage fees from its own account, so you never need a wallet, tokens or any cryptocurrency. Your plan includes free registrations each month; beyond that a registration costs {price}, paid by card in ordinary money.',
  'help.faq.more.title': 'Still have questions?',
  'help.faq.more.text': 'Our team typically responds within 24 hours on business days.',
  'help.faq.more.contact': 'Contact Us',

  'help.contact.meta.title': 'Contact Us',
  'help.contact.meta.sentTitle': 'Message Sent | Contact Us',
  'help.contact.meta.description': 'Contact the team behind the song authorship certificates.',
  'help.contact.title': 'Contact Us',
  'help.contact.intro':
    'Questions about your certificates, registrations or account? Send us a message.',
  'help.contact.responseTime': 'We typically respond within 24 hours on business days.',
  'help.contact.sent.title': 'Message Sent Successfully!',
  'help.contact.sent.text':
    "Thank you for reaching out. We'll get back to you as soon as possible.",
  'help.contact.sent.home': 'Back to Home',
  'help.contact.sent.another': 'Send Another Message',
  'help.contact.name': 'Name',
  'help.contact.email': 'Email',
  'help.contact.subject': 'Subject',
  'help.contact.message': 'Message',
  'help.contact.website': 'Website',
  'help.contact.sending': 'Sending...',
  'help.contact.send': 'Send Message',
  'help.contact.toast.sent.title': 'Message sent successfully!',
  'help.contact.toast.sent.text': "We'll get back to you as soon as possible.",
  'help.contact.toast.failed.title': 'Error sending message',
  // The contact schema's messages (app/lib/contact-schema.ts), word for word; the email field's
  // come from the auth area's, which the page sends too.
  'help.formError.enterName': 'Enter your name',
  'help.formError.nameTooShort': 'Name must be at least 2 characters',
  'help.formError.nameTooLong': 'Name must be at most 100 characters',
  'help.formError.enterSubject': 'Enter a subject',
  'help.formError.subjectTooShort': 'Subject must be at least 5 characters',
  'help.formError.subjectTooLong': 'Subject must be at most 200 characters',
  'help.formError.enterMessage': 'Enter a message',
  'help.formError.messageTooShort': 'Message must be at least 10 characters',
  'help.formError.messageTooLong': 'Message must be at most 5000 characters',
  'help.formError.controlCharacters':
    'Remove the invisible control characters from this text (they often come with pasted text)',
  'help.formError.failed': 'Something went wrong. Please try again.',

  // The frame both legal pages share (app/components/legal-page.tsx). A translation says the
  // English text governs (decision 123); English itself does not show that notice.
  'help.legal.backHome': 'Back to Home',
  'help.legal.updated': 'Last updated: {date}',
  'help.legal.governs':
    'This translation is provided for your convenience. The English text is the one that governs: where the two differ, the English text applies.',
  'help.legal.readEnglish': 'Read the English text',

  'help.privacy.meta.title': 'Privacy Policy | {appName}',
  'help.privacy.meta.description':
    'How {appName} collects, uses and protects your information, and what blockchain permanence means for your data.',
  'help.privacy.title': 'Privacy Policy',
  'help.privacy.intro':
    'This policy explains what information {appName} collects when you use it, why, who it is shared with, and the choices you have. One thing makes {appName} different from most services: songs you choose to register on the blockchain become part of a public, permanent record. Please read the Blockchain Permanence section before you register a song.',
  'help.privacy.collect.title': 'Information We Collect',
  'help.privacy.collect.intro': 'We collect only what we need to run the service:',
  'help.privacy.collect.account':
    '<0>Account information:</0> your name, email address, username and password. Passwords are stored only as a secure one-way hash, never in readable form.',
  'help.privacy.collect.google':
    '<0>Google sign-in information:</0> if you sign in with Google, the details described in the Google OAuth section below.',
  'help.privacy.collect.songs':
    '<0>Song information:</0> what you enter about your songs, such as titles, creation dates, lyrics, genre, identifiers (ISRC, ISWC, UPC), performing rights organization details, contributor names, contribution percentages, AI tools used, file links and creative notes.',
  'help.privacy.collect.payments':
    "<0>Registration and payment records:</0> blockchain transaction details for songs you register, and a record of payments (amount, status and the payment provider's reference). Card details go directly to our payment provider; we never see or store your full card number.",
  'help.privacy.collect.messages':
    '<0>Messages:</0> the name, email address, subject and message you send through the contact form, and email verification codes you request.',
  'help.privacy.collect.usage':
    "<0>Usage information:</0> pages visited, a random per-visit session identifier, your browser's user agent and your IP address, collected by our own first-party analytics.",
  'help.privacy.collect.cookies':
    "<0>Cookies:</0> a session cookie that keeps you signed in, a short-lived cookie that carries on-screen notifications, and one that remembers your browser's time zone so dates show as your day. We do not use advertising or cross-site tracking cookies.",
  'help.privacy.collect.settings':
    '<0>Settings:</0> the time zone you choose for dates, if you choose one.',
  'help.privacy.use.title': 'How We Use Your Information',
  'help.privacy.use.intro': 'We use your information to:',
  'help.privacy.use.account': 'create and secure your account and sign you in;',
  'help.privacy.use.songs':
    'store your songs and produce their timestamped certificates (PT Snapshots);',
  'help.privacy.use.register':
    'register songs on the blockchain and in permanent storage when you ask us to;',
  'help.privacy.use.mail':
    'verify your email address, reset your password and send other messages about your account;',
  'help.privacy.use.payments': 'process payments and keep the records the law requires;',
  'help.privacy.use.support': 'answer your questions and support requests;',
  'help.privacy.use.improve':
    'understand, in aggregate, how the service is used so we can improve it, and detect and prevent abuse.',
  'help.privacy.use.noSale':
    'We do not sell your personal information, and we do not use it for advertising.',
  'help.privacy.permanence.title': 'Blockchain Permanence',
  'help.privacy.permanence.public':
    'When you register a song, its record is written to the Solana blockchain and its certificate — which can include the song title, contributor names, contribution shares and other details you entered — is stored on the Arweave permanent storage network. Both are public: anyone can read what is recorded there.',
  'help.privacy.permanence.final':
    '<0>Recorded data cannot be deleted or modified</0> — not by you, not by us, and not by anyone else. This remains true if you later change the song in your account or close your account. Only register information you are comfortable making public and permanent.',
  'help.privacy.security.title': 'Data Security',
  'help.privacy.security.measures':
    'We protect your information with encrypted connections (HTTPS), hashed passwords, session cookies that scripts cannot read, and access to personal data limited to what running the service requires. Payments are handled by a dedicated payment provider so card data never touches our servers.',
  'help.privacy.security.limits':
    'No method of transmission or storage is completely secure, so we cannot guarantee absolute security. If we learn of a breach that affects your information, we will notify you as the law requires.',
  'help.privacy.google.title': 'Google OAuth',
  'help.privacy.google.scopes':
    'If you choose to sign in with Google, we request only the <0>email</0>, <1>profile</1> and <2>openid</2> scopes. From Google we receive your email address, your name, your profile picture and your Google account identifier. We use them only to create your account, sign you in and show your name in the app.',
  'help.privacy.google.limits':
    'We do not access your Gmail, contacts, files or any other Google data, and we do not share the information we receive from Google with anyone. Our use of information received from Google APIs adheres to the Google API Services User Data Policy, including its Limited Use requirements.',
  'help.privacy.google.retention':
    "We retain this information while your account is active and delete it when your account is deleted. You can disconnect Google under <0>Settings › Google</0>, and revoke {appName}'s access at any time from your Google Account's security settings.",
  'help.privacy.parties.title': 'Third-Party Services',
  'help.privacy.parties.intro':
    'We rely on a small number of services, each of which handles data under its own privacy policy:',
  'help.privacy.parties.google': '<0>Google</0> — sign-in, if you choose it.',
  'help.privacy.parties.solana':
    '<0>Solana</0> — the public blockchain network where registered songs are recorded.',
  'help.privacy.parties.arweave':
    '<0>Arweave</0> — the public permanent storage network that keeps registered certificates.',
  'help.privacy.parties.stripe':
    '<0>Stripe</0> — our card payment provider, which processes payments for paid registrations.',
  'help.privacy.parties.share':
    'We share with each of them only what it needs to provide its part of the service.',
  'help.privacy.rights.title': 'Your Rights',
  'help.privacy.rights.intro': 'You can ask us at any time to:',
  'help.privacy.rights.access': '<0>access</0> the personal information we hold about you;',
  'help.privacy.rights.correct': '<0>correct</0> information that is wrong or incomplete;',
  'help.privacy.rights.delete':
    '<0>delete</0> your account and personal information, except records already written to the blockchain or to permanent storage, which cannot be erased;',
  'help.privacy.rights.export': '<0>export</0> your information in a portable format;',
  'help.privacy.rights.withdraw':
    '<0>withdraw your consent</0> where we rely on it, for example by disconnecting Google sign-in.',
  'help.privacy.rights.selfService':
    'All of this you can do yourself once signed in, from <0>Settings</0> (the menu under your name):',
  'help.privacy.rights.selfAccess':
    'Access and export: download everything we hold about you, as JSON and CSV files, under <0>Your data</0>;',
  'help.privacy.rights.selfCorrect':
    'Correct: your name and username under <0>Profile</0>, your email address under <1>Email address</1>;',
  'help.privacy.rights.selfDelete':
    'Delete: a song you have not registered, from the list of unregistered songs in Settings; your whole account under <0>Delete your account</0>;',
  'help.privacy.rights.selfWithdraw':
    'Withdraw consent: disconnect Google sign-in under <0>Google</0>, and sign out browsers under <1>Signed-in browsers</1>.',
  'help.privacy.rights.ask':
    'You can also ask us, as described below. We will respond within 30 days, and may ask you to confirm your identity first. You may also have the right to complain to your local data protection authority.',
  'help.privacy.changes.title': 'Changes to This Policy',
  'help.privacy.changes.text':
    'We may update this policy as the service changes or the law requires. We will change the “Last updated” date at the top of this page, and for significant changes we will also tell you by email or with a notice in the app before they take effect.',
  'help.privacy.contact.title': 'Contact Us',
  'help.privacy.contact.text':
    'Questions about this policy or your information? Use our <0>contact form</0> or email <1>{email}</1>.',

  'help.terms.meta.title': 'Terms of Service | {appName}',
  'help.terms.meta.description':
    'The terms for using {appName}, including how public, permanent blockchain registration works.',
  'help.terms.title': 'Terms of Service',
  'help.terms.intro':
    'These terms govern your use of {appName}, a service for documenting who contributed to a song — people and AI tools — and for optionally recording that information on a public blockchain and in permanent storage.',
  'help.terms.acceptance.title': 'Acceptance of Terms',
  'help.terms.acceptance.agree':
    'By creating an account or otherwise using {appName}, you agree to these terms and to our <0>Privacy Policy</0>. If you do not agree, do not use the service.',
  'help.terms.acceptance.age':
    'You must be old enough to form a binding contract where you live, or have the permission of a parent or guardian. If you use {appName} on behalf of a band, company or other organization, you confirm that you are authorized to accept these terms for it. We may update these terms; continuing to use the service after a change takes effect means you accept the updated terms.',
  'help.terms.license.title': 'Use License',
  'help.terms.license.grant':
    'We grant you a personal, limited, non-exclusive, non-transferable and revocable license to use {appName} to document and certify musical works you created or are authorized to register. You agree not to:',
  'help.terms.license.rights':
    'register works you have no right to register, or make false or misleading claims about authorship;',
  'help.terms.license.unlawful':
    'use the service for anything unlawful, infringing, fraudulent or abusive;',
  'help.terms.license.access':
    'attempt to gain unauthorized access to the service, other accounts, or our systems;',
  'help.terms.license.disrupt':
    'disrupt or overload the service, or access it with automated tools such as scrapers or bots;',
  'help.terms.license.copy':
    'copy, resell or reverse engineer the service, except where the law expressly allows it.',
  'help.terms.license.suspend': 'We may suspend or close accounts that break these terms.',
  'help.terms.registration.title': 'Blockchain Registration',
  'help.terms.registration.permanent':
    'Registering a song writes a record to the Solana blockchain and stores its certificate on the Arweave permanent storage network. <0>These records are public and permanent</0>: they cannot be edited or deleted by you, by us, or by anyone else, and a registered song can no longer be edited in your account.',
  'help.terms.registration.accuracy':
    "<0>You are responsible for the accuracy</0> of everything you register. By registering a song you warrant that you have the right to register it — that you are one of its authors or are authorized by them — and that its contents do not infringe anyone else's rights.",
  'help.terms.registration.fees':
    "Free blockchain registrations require a verified email address. {appName} pays the blockchain network and storage fees on your behalf. Registrations beyond your plan's free monthly allowance are charged per registration. <0>Blockchain fees are non-refundable</0> once a registration has been submitted, because it cannot be undone.",
  'help.terms.content.title': 'User Content',
  'help.terms.content.ownership':
    '<0>You keep ownership</0> of everything you submit — song details, lyrics, notes and other content. These terms do not transfer any of your rights to us.',
  'help.terms.content.license':
    'You grant {appName} a worldwide, non-exclusive, royalty-free license to store, display and process your content as needed to run the service: to keep it in your account, show it on your certificates and links you share, and, for songs you choose to register, write it to the blockchain and permanent storage. For content you have not registered, this license ends when you delete the content or your account; for registered records it cannot end, because those records are permanent.',
  'help.terms.disclaimer.title': 'Disclaimer',
  'help.terms.disclaimer.advice':
    '{appName} is provided “as is” and “as available”, without warranties of any kind. <0>Nothing on {appName} is legal advice.</0> A certificate or blockchain record is <1>not a copyright registration</1> and does not replace registering your work with a copyright office or a performing rights organization. For advice about your rights, speak to a qualified lawyer.',
  'help.terms.disclaimer.liability':
    'A certificate documents authorship as declared by the person who submitted it; we do not verify those declarations, and we cannot promise how a court, platform or other third party will treat a record. The Solana and Arweave networks are operated independently of us. To the fullest extent the law allows, {appName} is not liable for indirect or consequential losses arising from your use of the service.',
  'help.terms.contact.title': 'Contact',
  'help.terms.contact.text':
    'Questions about these terms? Use our <0>contact form</0> or email <1>{email}</1>.',
} as const
