// The song area's English (decision 120): the source its catalogues translate
// (app/i18n/locales/<lang>/song.po). Server-only: pages get these as their loaders' data.
// The pages around the song form: /submit's steps (the form's frame, the review, the created
// song), /edit/:id, /songs/:id/details and /songs/:id/delete. The form's own fields are the form
// area's; component names, roles, genres and shares the words area's.
export const song = {
  'song.submit.meta.title': 'Submit New Song',
  'song.submit.meta.description': 'Certify a new song and its contributors.',
  'song.submit.title': 'Submit New Song',
  'song.submit.intro':
    'Document who made your song — every person and every AI tool — and get a timestamped certificate.',
  'song.submit.newVersion':
    'New version of {certificateId}: every field is filled in from it. Once registered, the new certificate names the earlier one.',
  'song.submit.review': 'Review & Continue',
  'song.submit.checking': 'Checking...',
  'song.submit.fingerprinting': 'Fingerprinting...',
  'song.submit.failed.title': 'Submission failed',
  'song.submit.failed.text':
    'Your song could not be saved just now. Your details are kept here: please try again.',
  'song.submit.ceiling':
    'This account holds {count} songs, the most one account can hold. Delete songs you no longer need, or write to {supportEmail} and we will help.',
  'song.submit.reviewLost.title': 'This review is no longer kept',
  'song.submit.reviewLost.text': 'A review waits a day. Please fill in the song again.',

  'song.review.title': 'Review Your Submission',
  'song.review.created': 'This song is created.',
  'song.review.seeCertificate': 'See its certificate',
  'song.review.intro':
    "Check the details below. Creating the certificate records them with today's timestamp.",
  'song.review.edit': 'Edit Details',
  'song.review.create': 'Create Certificate',
  'song.review.creating': 'Creating...',

  'song.summary.basic': 'Basic Information',
  'song.summary.songTitle': 'Song Title',
  'song.summary.dateCreated': 'Date Created',
  'song.summary.contributors': 'Contributors',
  'song.summary.genre': 'Genre',
  'song.summary.toolsUsed': 'Tools Used',
  'song.summary.aiTools': 'AI Tools',
  'song.summary.songLink': 'Song Link',
  'song.summary.recordings': 'Recording Fingerprints',
  'song.summary.label': 'Label',
  'song.summary.size': 'Size',
  'song.summary.bytes': '{size} bytes',
  'song.files.size': '{size} {unit} ({bytes})',
  'song.summary.type': 'Type',
  'song.summary.fileName': 'File Name',
  'song.summary.fileNameShown': '{fileName} (shown on the certificate)',
  'song.summary.fileNamePrivate': '{fileName} (kept private)',
  'song.summary.additional': 'Additional Information',
  'song.summary.otherIdentifier': 'Other Identifier',
  'song.summary.duration': 'Length of the Recording',
  'song.summary.mainPro': 'Main Contributor PRO',
  'song.summary.coPro': 'Co-Contributor PRO',
  'song.summary.co2Pro': 'Co-Contributor 2 PRO',
  'song.summary.lyrics': 'Lyrics',
  'song.summary.lyricsLines': '{count, plural, one {# line} other {# lines}} (kept private)',
  'song.summary.creativeNotes': 'Creative Notes',
  'song.summary.noAdditional':
    'No additional information. Identifiers, performing rights details, genre and lyrics can be added here, or later with “Add details” on your dashboard, until the song is registered.',
  'song.summary.noContributions': 'No contributions entered.',
  'song.summary.total': 'Total {percent}',
  'song.summary.incomplete':
    'Heads up: {components} {count, plural, one {does} other {do}} not total 100%. You can create the certificate now, but the total must equal 100% before you can save edits later.',

  'song.recordings.none': 'No recording fingerprinted.',
  'song.contributions.title': 'Creative Contributions',

  'song.created.title': 'Congratulations!',
  'song.created.certified': '“{title}” is now certified. Certificate ID {certificateId}.',
  'song.created.inviteFirst':
    'A registration records who has confirmed their share by then: invite your co-writers first, so their confirmations are part of it.',
  'song.created.invite': 'Invite your co-writers',
  'song.created.register': 'Register on Blockchain',
  'song.created.seeCertificate': 'See Certificate',
  'song.created.dashboard': 'Go to Dashboard',
  'song.created.close': 'Close',

  'song.edit.meta.title': 'Edit {title}',
  'song.edit.title': 'Edit Song',
  'song.edit.intro':
    'Changes show on the certificate. Once a song is registered on the blockchain it can no longer be edited.',
  'song.edit.inviteLink': 'Invite co-writers to confirm their shares',
  'song.edit.field.title': 'Song Title *',
  'song.edit.field.dateCreated': 'Date Created *',
  'song.edit.field.contributorName': 'Main Contributor Name *',
  'song.edit.field.coContributorName': 'Co-Contributor Name',
  'song.edit.field.coContributorName2': 'Co-Contributor 2 Name',
  'song.edit.field.toolsUsed': 'Tools Used *',
  'song.edit.field.fileLink': 'Song Link *',
  'song.edit.files.title': 'Fingerprinted Files',
  'song.edit.files.nameShown': '{details} (name shown)',
  'song.edit.files.namePrivate': '{details} (name kept private)',
  'song.edit.files.note':
    'Fingerprints are kept as they were when the song was created; this form changes the details above and the split.',
  'song.edit.answers': 'See the co-writers’ answers',
  'song.edit.cancel': 'Cancel',
  'song.edit.update': 'Update Song',
  'song.edit.updating': 'Updating...',
  'song.edit.locked.title': 'Cannot Edit Song',
  'song.edit.viewCertificate': 'View Certificate',
  'song.edit.backToDashboard': 'Back to Dashboard',
  'song.edit.failed.title': 'Error',
  'song.edit.saved.title': 'Success',
  'song.edit.saved.text': 'Song updated successfully! Certificate will reflect the changes.',

  'song.editVoids':
    'Contributors have been invited to confirm this split. Saving a change to the names or shares voids their confirmations and mails each of them a new invitation.',
  'song.reinvited':
    '{count, plural, one {One contributor was invited again to confirm the new split.} other {# contributors were invited again to confirm the new split.}}',
  'song.nothingChanged.title': 'Nothing changed',
  'song.nothingChanged.text':
    'The song is as it was: nothing was saved, and the certificate is unchanged.',

  'song.details.title': 'Add Details',
  'song.details.intro':
    '{title} ({certificateId}): identifiers, the recording’s length, performing rights details and publishers, the AI tools by name, genre, lyrics and notes. Until the song is registered you can add and change them; the title, contributors, link and split are on the {editPage}.',
  'song.details.editPage': 'edit page',
  'song.details.genre': 'Genre (Optional)',
  'song.details.genreNote':
    'The genre decides which components the split covers: Instrumental has no lyrics or vocals, Acappella/Spoken Word no instrumentation. A component a new genre adds starts at 100% for the main contributor; change the shares on the edit page.',
  'song.details.editVoids':
    'Contributors have been invited to confirm this split. Saving a change to the names or shares voids their confirmations and mails each of them a new invitation. A genre that changes the split’s components does the same.',
  'song.details.save': 'Save Details',
  'song.details.saving': 'Saving...',
  'song.details.locked.title': 'Details cannot be added now',
  'song.details.locked.after':
    'Details can be added again if it fails; once it is registered, they go into a new version of the song.',
  'song.details.failed.title': 'Error',
  'song.details.saved.title': 'Details saved',
  'song.details.saved.text': 'The certificate shows them.',
  'song.details.saved.split':
    'The split now covers {components}: check the shares on the edit page.',
  'song.details.genreTotals':
    'This genre changes which components the split covers. All contribution percentages must total 100% for each component. Correct the split on the edit page first, then change the genre.',
  'song.details.genreShareless':
    'This genre drops every component where a co-writer holds a share. {reason} Change the split on the edit page first, then change the genre.',
  'song.details.newVersion.title': 'This song is registered',
  'song.details.newVersion.text':
    'A registered song cannot change. Add the details to a new version of it: it points back to this certificate.',

  'song.delete.meta.title': 'Delete a song',
  'song.delete.meta.description': 'Delete a song that has not been registered.',
  'song.delete.title': 'Delete a song',
  'song.delete.warning':
    'The song, its splits, its co-writers’ invitations and its recordings’ fingerprints are deleted for good. This cannot be undone.',
  'song.delete.submit': 'Delete Song',
  'song.delete.deleting': 'Deleting...',
  'song.delete.keep': 'Keep it',
  'song.delete.done.title': 'Song deleted',
  'song.delete.done.text': '“{title}” and its invitations were deleted.',

  // Refusals the pages show, each word for word the English a service or schema says: looked up
  // by that English where they are shown (decision 120, "Form errors").
  'song.formError.reviewGone':
    'This review is no longer kept (a review waits a day): check the song and review it again.',
  'song.formError.locked': 'This song has been registered on the blockchain and cannot be edited.',
  'song.formError.alreadyRegistered': 'This song is already registered on the blockchain.',
  'song.formError.inProgress': 'This song’s registration is already in progress.',
  'song.formError.correctFields': 'Please correct the highlighted fields.',
  'song.formError.updateFailed': 'Failed to update song',
  'song.formError.detailsFailed': 'Your details could not be saved just now. Please try again.',
  'song.formError.diskLow':
    'ProofTrack is short of storage space right now, so new songs and changes cannot be saved. Nothing you saved is lost; please try again later.',
  'song.formError.deleteConfirm': 'Confirm that the song should be deleted.',
  'song.formError.deleteRegistered':
    'This song has been registered (or its registration is under way): its record stays and cannot be deleted.',
  'song.formError.deleteCredit':
    'A paid registration for this song has not been used yet. Register the song, or write to support about a refund, before deleting it.',
  'song.formError.totals': 'All contribution percentages must total 100% for each component.',
  'song.totalsRefused':
    'All contribution percentages must total 100% for each component. {totals}.',
  'song.space.verified':
    "This account's songs fill the {budget} MB one account can hold. Delete songs you no longer need, or write to {supportEmail} and we will help.",
  'song.space.unverified':
    "This account's songs fill the {budget} MB an account can hold until its email address is verified. Verify your email address in Settings to store more, or delete songs you no longer need.",
} as const
