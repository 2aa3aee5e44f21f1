import type { Migration } from 'kysely'
import * as initial from './2026-11-22T0000-initial'
import * as rateLimits from './2026-11-22T0100-rate-limits'
import * as registrationProgress from './2026-11-22T0200-registration-progress'
import * as paymentCredits from './2026-11-22T0300-payment-credits'
import * as mailQueue from './2026-11-23T0100-mail-queue'
import * as verificationCodeAttempts from './2026-11-23T0110-verification-code-attempts'
import * as passwordResetRequests from './2026-11-23T0120-password-reset-requests'
import * as eventSourceVoidedPayments from './2026-11-23T0200-event-source-voided-payments'
import * as registrationNetwork from './2026-11-23T0300-registration-network'
import * as privateTextSalts from './2026-11-23T0400-private-text-salts'
import * as landingVideoChunks from './2026-11-23T0500-landing-video-chunks'
import * as recordingFingerprint from './2026-11-23T0600-recording-fingerprint'
import * as songVersions from './2026-11-23T0716-song-versions'
import * as userTimeZone from './2026-11-23T0710-user-time-zone'
import * as songRecordings from './2026-11-23T0800-song-recordings'
import * as splitInvitations from './2026-11-23T1000-split-invitations'
import * as splitInvitationsPendingNotice from './2026-11-23T1010-split-invitations-pending-notice'
import * as invitationSafeguards from './2026-11-26T0300-invitation-safeguards'
import * as invitationSenderDays from './2026-11-26T0400-invitation-sender-days'
import * as recordAudits from './2026-11-26T0410-record-audits'
import * as accountSettings from './2026-11-26T0430-account-settings'
import * as snapshotTimestamps from './2026-11-26T0510-snapshot-timestamps'
import * as latinNames from './2026-11-26T0520-latin-names'
import * as twoFactor from './2026-11-26T0600-two-factor'
import * as passkeys from './2026-11-26T0610-passkeys'
import * as emailChange from './2026-11-26T0620-email-change'
import * as sessionIdHashes from './2026-11-27T2300-session-id-hashes'
import * as songDuration from './2026-11-28T0084-song-duration'
import * as invitedNames from './2026-11-28T0087-invited-names'
import * as ownerDataVersions from './2026-11-28T0210-owner-data-versions'
import * as currentTimeZoneNames from './2026-11-28T0530-current-time-zone-names'
import * as keptDocuments from './2026-11-29T0100-kept-documents'
import * as replacedInvitationTokens from './2026-11-30T0100-replaced-invitation-tokens'
import * as signInCount from './2026-11-30T0110-sign-in-count'
import * as reviewDrafts from './2026-12-07T1300-review-drafts'
import * as songAndRecording from './2026-12-08T0900-song-and-recording'
import * as accountPro from './2026-12-09T0900-account-pro'
import * as accountLocale from './2026-12-11T0900-account-locale'
import * as publishersAndAiTools from './2026-12-12T0900-publishers-and-ai-tools'
import * as auditRowPerRegistration from './2026-11-26T0640-audit-row-per-registration'

// Listed by hand, not read from disk, so the migrations travel inside the server bundle.
export const migrations: Record<string, Migration> = {
  '2026-11-22T0000-initial': { up: initial.migrateUp, down: initial.migrateDown },
  '2026-11-22T0100-rate-limits': { up: rateLimits.migrateUp, down: rateLimits.migrateDown },
  '2026-11-22T0200-registration-progress': {
    up: registrationProgress.migrateUp,
    down: registrationProgress.migrateDown,
  },
  '2026-11-22T0300-payment-credits': {
    up: paymentCredits.migrateUp,
    down: paymentCredits.migrateDown,
  },
  '2026-11-23T0100-mail-queue': { up: mailQueue.migrateUp, down: mailQueue.migrateDown },
  '2026-11-23T0110-verification-code-attempts': {
    up: verificationCodeAttempts.migrateUp,
    down: verificationCodeAttempts.migrateDown,
  },
  '2026-11-23T0120-password-reset-requests': {
    up: passwordResetRequests.migrateUp,
    down: passwordResetRequests.migrateDown,
  },
  '2026-11-23T0200-event-source-voided-payments': {
    up: eventSourceVoidedPayments.migrateUp,
    down: eventSourceVoidedPayments.migrateDown,
  },
  '2026-11-23T0300-registration-network': {
    up: registrationNetwork.migrateUp,
    down: registrationNetwork.migrateDown,
  },
  '2026-11-23T0400-private-text-salts': {
    up: privateTextSalts.migrateUp,
    down: privateTextSalts.migrateDown,
  },
  '2026-11-23T0500-landing-video-chunks': {
    up: landingVideoChunks.migrateUp,
    down: landingVideoChunks.migrateDown,
  },
  '2026-11-23T0600-recording-fingerprint': {
    up: recordingFingerprint.migrateUp,
    down: recordingFingerprint.migrateDown,
  },
  '2026-11-23T0716-song-versions': { up: songVersions.migrateUp, down: songVersions.migrateDown },
  '2026-11-23T0710-user-time-zone': {
    up: userTimeZone.migrateUp,
    down: userTimeZone.migrateDown,
  },
  '2026-11-23T0800-song-recordings': {
    up: songRecordings.migrateUp,
    down: songRecordings.migrateDown,
  },
  '2026-11-23T1000-split-invitations': {
    up: splitInvitations.migrateUp,
    down: splitInvitations.migrateDown,
  },
  '2026-11-23T1010-split-invitations-pending-notice': {
    up: splitInvitationsPendingNotice.migrateUp,
    down: splitInvitationsPendingNotice.migrateDown,
  },
  '2026-11-26T0300-invitation-safeguards': {
    up: invitationSafeguards.migrateUp,
    down: invitationSafeguards.migrateDown,
  },
  '2026-11-26T0400-invitation-sender-days': {
    up: invitationSenderDays.migrateUp,
    down: invitationSenderDays.migrateDown,
  },
  '2026-11-26T0410-record-audits': { up: recordAudits.migrateUp, down: recordAudits.migrateDown },
  '2026-11-26T0430-account-settings': {
    up: accountSettings.migrateUp,
    down: accountSettings.migrateDown,
  },
  '2026-11-26T0510-snapshot-timestamps': {
    up: snapshotTimestamps.migrateUp,
    down: snapshotTimestamps.migrateDown,
  },
  '2026-11-26T0520-latin-names': { up: latinNames.migrateUp, down: latinNames.migrateDown },
  '2026-11-26T0600-two-factor': { up: twoFactor.migrateUp, down: twoFactor.migrateDown },
  '2026-11-26T0610-passkeys': { up: passkeys.migrateUp, down: passkeys.migrateDown },
  '2026-11-26T0620-email-change': { up: emailChange.migrateUp, down: emailChange.migrateDown },
  '2026-11-26T0640-audit-row-per-registration': {
    up: auditRowPerRegistration.migrateUp,
    down: auditRowPerRegistration.migrateDown,
  },
  '2026-11-27T2300-session-id-hashes': {
    up: sessionIdHashes.migrateUp,
    down: sessionIdHashes.migrateDown,
  },
  '2026-11-28T0084-song-duration': { up: songDuration.migrateUp, down: songDuration.migrateDown },
  '2026-11-28T0087-invited-names': { up: invitedNames.migrateUp, down: invitedNames.migrateDown },
  '2026-11-28T0210-owner-data-versions': {
    up: ownerDataVersions.migrateUp,
    down: ownerDataVersions.migrateDown,
  },
  '2026-11-28T0530-current-time-zone-names': {
    up: currentTimeZoneNames.migrateUp,
    down: currentTimeZoneNames.migrateDown,
  },
  '2026-11-29T0100-kept-documents': {
    up: keptDocuments.migrateUp,
    down: keptDocuments.migrateDown,
  },
  '2026-11-30T0100-replaced-invitation-tokens': {
    up: replacedInvitationTokens.migrateUp,
    down: replacedInvitationTokens.migrateDown,
  },
  '2026-11-30T0110-sign-in-count': { up: signInCount.migrateUp, down: signInCount.migrateDown },
  '2026-12-07T1300-review-drafts': { up: reviewDrafts.migrateUp, down: reviewDrafts.migrateDown },
  '2026-12-08T0900-song-and-recording': {
    up: songAndRecording.migrateUp,
    down: songAndRecording.migrateDown,
  },
  '2026-12-09T0900-account-pro': { up: accountPro.migrateUp, down: accountPro.migrateDown },
  '2026-12-11T0900-account-locale': {
    up: accountLocale.migrateUp,
    down: accountLocale.migrateDown,
  },
  '2026-12-12T0900-publishers-and-ai-tools': {
    up: publishersAndAiTools.migrateUp,
    down: publishersAndAiTools.migrateDown,
  },
}
