// The cowriters area's English (decision 120): the source its catalogues translate
// (app/i18n/locales/<lang>/cowriters.po). Server-only: pages get these as their loaders' data.
// The owner's co-writers page, the invitation an invitee opens, the refusal of every invitation,
// and what the co-writer services say on them (refusals, toasts). `cowriters.formError.*` are the
// schemas' English, word for word (decision 120's Form errors); `cowriters.refusal.*` the
// services' (app/services/co-writers/co-writers-text.server.ts maps them).
export const cowriters = {
  'cowriters.role.main': 'Main contributor',
  'cowriters.role.coContributor': 'Co-contributor',
  'cowriters.role.coContributor2': 'Second co-contributor',
  // Inside the invitee's sentence ("listed you as co-contributor “Bea”").
  'cowriters.roleInSentence.main': 'main contributor',
  'cowriters.roleInSentence.coContributor': 'co-contributor',
  'cowriters.roleInSentence.coContributor2': 'second co-contributor',

  'cowriters.meta.title': 'Co-writers of {title}',
  'cowriters.page.title': 'Co-writers of “{title}”',
  'cowriters.page.intro':
    'Ask each contributor to confirm their share. They get a link by email (no account needed), see the whole split, and confirm it with the name they want credited or dispute it. A disputed share blocks registration until you edit the split.',
  'cowriters.page.verifyLink': 'Verify your email address',
  'cowriters.page.viewCertificate': 'View Certificate',
  'cowriters.page.editSplit': 'Edit the split',
  'cowriters.page.backToDashboard': 'Back to Dashboard',

  'cowriters.slot.you':
    'That’s you, the song’s owner: your share is declared by you, with nobody to invite.',
  'cowriters.slot.declared': 'Declared by you (not invited)',
  'cowriters.slot.invited': 'Invited {email} on {sentOn}; the link expires {expiresOn}',
  'cowriters.slot.expired': 'Invitation to {email} expired on {expiresOn}',
  'cowriters.slot.confirmed':
    'Confirmed on {decidedOn} as “{name}”{withPro, select, yes {, PRO {pro}} other {}}{withIpi, select, yes {, IPI {ipi}} other {}}',
  'cowriters.slot.disputed': 'Disputed on {decidedOn}: “{reason}”',
  'cowriters.slot.disputedReinvited':
    'Disputed on {decidedOn}: “{reason}”; asked on {reinvitedOn} to answer the changed split, the dispute stands until they do',
  'cowriters.slot.disputeBlocks':
    'Registration is blocked while they are named on this song, until they answer a changed split: saving an edit of the split invites them again.',

  'cowriters.invite.emailLabel': 'Email of {name}',
  'cowriters.invite.sending': 'Sending invitation...',
  'cowriters.invite.send': 'Send invitation',
  'cowriters.invite.sendTo': 'Send invitation to {name}',
  'cowriters.invite.resending': 'Resending...',
  'cowriters.invite.resend': 'Resend invitation',
  'cowriters.invite.resendTo': 'Resend invitation to {name}',
  'cowriters.invite.again': 'Invite them again at {email}',
  'cowriters.invite.againFor': 'Invite them again at {email} ({name})',
  'cowriters.invite.answerDispute':
    'To answer this dispute, edit the split: that voids it and invites them again.',
  'cowriters.invite.revoking': 'Revoking...',
  'cowriters.invite.withdraw': 'Withdraw this answer',
  'cowriters.invite.withdrawOf': 'Withdraw this answer of {name}',
  'cowriters.invite.revoke': 'Revoke invitation',
  'cowriters.invite.revokeOf': 'Revoke invitation of {name}',

  'cowriters.toast.sent.title': 'Invitation sent',
  'cowriters.toast.resent.title': 'Invitation sent again',
  'cowriters.toast.sent.text':
    'The link works once, for {days, plural, one {# day} other {# days}}.',
  'cowriters.toast.revoked.title': 'Invitation revoked',
  'cowriters.toast.revoked.text': 'The link no longer works; the share is declared by you again.',
  'cowriters.toast.confirmed.title': 'Share confirmed',
  'cowriters.toast.confirmed.text': '{name} confirmed their share of “{title}”.',
  'cowriters.toast.disputed.title': 'Share disputed',
  'cowriters.toast.disputed.text':
    'A contributor disputed their share of “{title}”. Edit the split before registering.',

  'cowriters.refusal.songNotFound': 'Song not found',
  'cowriters.refusal.notNamed': 'That contributor is not named on this song.',
  'cowriters.refusal.alreadyInvited':
    'This contributor already has an invitation. Resend or revoke it.',
  'cowriters.refusal.decidedCannotResend':
    'This contributor has already answered. Revoke the answer to invite them again.',
  'cowriters.refusal.disputeNotRevocable':
    'A disputed share cannot be withdrawn: edit the split instead, which voids the dispute and invites them again.',
  'cowriters.refusal.tooManySends':
    'This invitation has been sent {count, plural, one {# time} other {# times}} already. Revoke it and invite again if the address was wrong.',
  'cowriters.refusal.verifyToInvite':
    'Only an account with a verified email address can invite co-writers. Verify your email address first.',
  'cowriters.refusal.ownAddress':
    'That is your own email address. Invite each contributor at their own address, so that the confirmation is theirs.',
  'cowriters.refusal.addressOnAnotherSlot':
    'This address is already invited for another contributor of this song. Each contributor confirms from their own address.',
  'cowriters.refusal.notMailed':
    'ProofTrack cannot mail an invitation to this address today, so nothing was sent. You can try again tomorrow.',
  'cowriters.refusal.final':
    'This song is registered, or being registered, on the blockchain: its confirmations are final.',
  'cowriters.refusal.tooManyRequests':
    'Too many requests. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',

  'cowriters.formError.enterEmail': 'Enter your co-writer’s email address',
  'cowriters.formError.invalidEmail': 'Please enter a valid email address',
  'cowriters.formError.chooseSlot': 'Choose a contributor to invite',
  'cowriters.formError.invitationNotFound': 'Invitation not found',
  'cowriters.formError.checkForm': 'Please check the form.',
  'cowriters.formError.enterName': 'Enter your name as you want it credited',
  'cowriters.formError.nameTooLong': 'Your name must be at most 100 characters',
  'cowriters.formError.latinNameTooLong':
    'Your name in Latin script must be at most 100 characters',
  'cowriters.formError.latinLetters': 'Write this name in Latin letters (accents are fine)',
  'cowriters.formError.proTooLong': 'The PRO must be at most 100 characters',
  'cowriters.formError.ipiLength': 'An IPI number has 8 to 11 digits',
  'cowriters.formError.enterReason': 'Enter why you dispute this split',
  'cowriters.formError.reasonTooLong': 'The reason must be at most 500 characters',
  // Said by the action, not looked up: the digits as typed are inside it.
  'cowriters.ipiCheckDigits':
    'The last two digits of this IPI number ({digits}) do not match the nine before them: please check the number',
  'cowriters.formError.controlCharacters':
    'Remove the invisible control characters from this text (they often come with pasted text)',

  // The registration page's and the dashboard dialog's list (register pages send this area).
  'cowriters.notice.title': 'Contributors’ confirmations',
  'cowriters.notice.line': '{name}: {status}',
  'cowriters.notice.manage': 'Manage co-writer invitations',
  'cowriters.unconfirmed.text':
    'Not everyone has confirmed their share ({names}). You can still register; the record will show only the confirmations given by then.',
  'cowriters.unconfirmed.separator': ', ',

  'cowriters.split.title': 'The split',
  'cowriters.split.caption': 'The split, per creative component',
  'cowriters.split.component': 'Component',
  'cowriters.split.ai': 'AI',
  'cowriters.split.you': '(you)',

  'cowriters.invitation.meta.title': 'Invitation',
  'cowriters.invitation.yourAnswer': 'Your answer',
  'cowriters.invitation.confirmYourShare': 'Confirm your share',
  'cowriters.invitation.listed.asks':
    '{inviter} listed you as {role} “{name}” and asks you to confirm the split below, or to dispute it.',
  'cowriters.invitation.listed.asked':
    '{inviter} listed you as {role} “{name}” and asked you to confirm the split below, or to dispute it.',
  'cowriters.invitation.listedByDeleted.asks':
    'The song’s owner, whose account has since been deleted, listed you as {role} “{name}” and asks you to confirm the split below, or to dispute it.',
  'cowriters.invitation.listedByDeleted.asked':
    'The song’s owner, whose account has since been deleted, listed you as {role} “{name}” and asked you to confirm the split below, or to dispute it.',

  'cowriters.closed.unknown.title': 'Invitation not found',
  'cowriters.closed.unknown.text':
    'This invitation link is not valid. Check that you copied the whole link.',
  'cowriters.closed.replaced.title': 'A newer invitation was sent',
  'cowriters.closed.replaced.text':
    'A newer invitation was sent to you since this one, and this link no longer works. Use the link in the latest invitation mail.',
  'cowriters.closed.expired.title': 'Invitation expired',
  'cowriters.closed.expired.text':
    'This invitation has expired. Ask the person who invited you to send it again.',
  'cowriters.closed.revoked.title': 'Invitation withdrawn',
  'cowriters.closed.revoked.text': 'This invitation was withdrawn by the person who sent it.',
  'cowriters.closed.voided.title': 'The split has changed',
  'cowriters.closed.voided.text':
    'The split changed after this invitation was sent, so it no longer applies. If you are still named on the song, look for a newer invitation.',
  'cowriters.closed.final.title': 'Confirmations are final',
  'cowriters.closed.final.text':
    'This song is registered, or being registered, on the blockchain; its confirmations are final.',

  'cowriters.recorded.confirmed.title': 'You confirmed your share',
  'cowriters.recorded.confirmed.text':
    'Recorded on {day}: credited as “{name}”{withLatin, select, yes { (in Latin script “{latinName}”)} other {}}{withPro, select, yes {, PRO {pro}} other {}}{withIpi, select, yes {, IPI {ipi}} other {}}.',
  'cowriters.recorded.details': 'Technical details: how to prove the record’s entry is yours',
  'cowriters.recorded.salt':
    'Your record check: salt {salt}. Once the song is registered, its record lists your confirmation under a salted fingerprint of your email address, never the address itself. Keep this salt (nobody else is given it): with it, anyone you show it to can see that the entry is yours —',
  'cowriters.recorded.addressPlaceholder': 'your address, lower-case',
  'cowriters.recorded.prints': 'prints the {field} of your entry in the record’s {list}.',
  'cowriters.recorded.disputed.title': 'You disputed this split',
  'cowriters.recorded.disputed.text':
    'Recorded on {day}, with your reason: “{reason}”. The song cannot be registered until its owner edits the split; you will then be invited again.',
  'cowriters.recorded.usedTold':
    'The person who invited you has been told. This link has been used: an answer cannot be changed here.',
  'cowriters.recorded.used': 'This link has been used: an answer cannot be changed here.',

  'cowriters.decide.confirm': 'Confirm',
  'cowriters.decide.creditedName': 'Your name as you want it credited *',
  'cowriters.decide.latinName': 'The same name in Latin script (optional)',
  'cowriters.decide.latinNameHint':
    'If your name is written in another script, as PROs file it: 김민지 → Kim Minji',
  'cowriters.decide.pro': 'Your PRO (optional)',
  'cowriters.decide.ipi': 'Your IPI number (optional)',
  'cowriters.decide.ipiHint': '8 to 11 digits',
  'cowriters.decide.confirming': 'Confirming...',
  'cowriters.decide.confirmMyShare': 'Confirm my share',
  'cowriters.decide.dispute': 'Dispute',
  'cowriters.decide.reason': 'Why is this split wrong? *',
  'cowriters.decide.sending': 'Sending...',
  'cowriters.decide.disputeSplit': 'Dispute this split',
  'cowriters.decide.privacy':
    'If you confirm, the name you want credited, your PRO and IPI (if you give them) and the date become part of the song’s {permanent, select, yes {permanent public record when it is registered} other {record when it is registered, kept by this server (not a permanent public record)}}; your email address does not. You can answer once; this link works until {until}.',

  'cowriters.refuse.meta.title': 'Stop invitations',
  'cowriters.refuse.invalid.title': 'Link not valid',
  'cowriters.refuse.invalid.text':
    'This link is not valid. Check that you opened the whole link from the invitation mail.',
  'cowriters.refuse.done.title': 'No more invitations',
  'cowriters.refuse.done.text':
    'Done: ProofTrack will send no more invitations to this address, whoever asks. Links in invitations you already have still work.',
  'cowriters.refuse.ask.title': 'Stop invitations to this address?',
  'cowriters.refuse.ask.text':
    'Someone named you as a co-writer of a song on ProofTrack and asked us to mail you an invitation to confirm your share. If you want none of these, from anyone, confirm below: ProofTrack will then send no invitation to this address again.',
  'cowriters.refuse.stopping': 'Stopping invitations...',
  'cowriters.refuse.stop': 'Stop all invitations',
} as const
