import { parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ErrorList } from '~/components/forms'
import { useAppName } from '~/components/app-name'
import { LanguageForm } from '~/components/language-form'
import { TimeZoneNote, TimeZoneSelect, useTimeZone } from '~/components/time-zone'
import { Button, TAP_TARGET } from '~/components/ui/button'
import { languageChoices } from '~/i18n/locale.server'
import { useT } from '~/i18n/react'
import { formatDayInZone } from '~/lib/dates'
import { fieldsOf, readForm } from '~/lib/form.server'
import { SETTINGS_PATH } from '~/lib/time-zone'
import { canonicalTimeZone, timeZoneOptions } from '~/lib/time-zone-names'
import { TimeZoneSchema } from '~/lib/time-zone-schema'
import { deletableSongs } from '~/services/accounts/account.server'
import { requireUser } from '~/services/accounts/auth.server'
import { hasTwoFactor } from '~/services/accounts/two-factor.server'
import { db } from '~/services/platform/db.server'
import { destinationFacts } from '~/services/registration/registration-target.server'
import { likelyTimeZones, setUserTimeZone } from '~/services/platform/time-zone.server'
import { redirectWithToast } from '~/services/platform/toast.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json({
    chosen: user.timeZone ? canonicalTimeZone(user.timeZone) : null,
    zones: timeZoneOptions(
      likelyTimeZones(request.headers.get('Cookie'), request.headers.get('Accept-Language')),
    ),
    now: new Date().toISOString(),
    hasPassword: Boolean(user.passwordHash),
    songs: await deletableSongs(db(), user.id),
    twoFactor: await hasTwoFactor(db(), user.id),
    // "Permanent" only where it is: Solana mainnet with Arweave (issue 39.12, decision 095).
    permanent: destinationFacts().permanent,
    languages: languageChoices(),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const submission = parseWithZod(await readForm(request, { fields: fieldsOf(TimeZoneSchema) }), {
    schema: TimeZoneSchema,
  })
  if (submission.status !== 'success')
    return json({ errors: submission.error?.timeZone ?? null }, { status: 400 })
  await setUserTimeZone(db(), user.id, submission.value.timeZone)
  return redirectWithToast(SETTINGS_PATH, {
    type: 'success',
    title: 'Time zone saved',
    description: submission.value.timeZone
      ? `Dates now show in ${submission.value.timeZone}.`
      : 'Dates now show in your browser’s time zone, or in UTC without JavaScript.',
  })
}

export default function SettingsPage() {
  const { chosen, zones, now, hasPassword, songs, twoFactor, permanent, languages } =
    useLoaderData<typeof loader>()
  const t = useT()
  const appName = useAppName()
  const data = useActionData<typeof action>()
  const pending = useNavigation().state === 'submitting'
  const choice = useTimeZone()
  const errorId = data?.errors?.length ? 'time-zone-error' : undefined
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Settings</h1>
      <nav aria-label="Account settings" className="mt-6">
        <ul className="divide-y rounded-xl border" data-testid="settings-links">
          <SettingsLink to="/settings/profile" title="Profile" text="Your name and username" />
          <SettingsLink
            to="/settings/password"
            title={hasPassword ? 'Password' : 'Set a password'}
            text={
              hasPassword ? 'Change your password' : 'Sign in with a password as well as Google'
            }
          />
          <SettingsLink
            to="/settings/email"
            title="Email address"
            text="Change it by a link mailed to the new address"
          />
          <SettingsLink
            to="/settings/google"
            title="Google"
            text="Connect or disconnect Google sign-in"
          />
          <SettingsLink
            to="/settings/passkeys"
            title="Passkeys"
            text="Sign in with your device’s fingerprint, face or PIN"
          />
          <SettingsLink
            to="/settings/two-factor"
            title="Two-factor authentication"
            text={
              twoFactor
                ? 'On: signing in asks for a code from your app'
                : 'Off: turn it on to ask for a code from your phone at sign-in'
            }
          />
          <SettingsLink
            to="/settings/sessions"
            title="Signed-in browsers"
            text="See where you are signed in; sign out one or all others"
          />
          <SettingsLink
            to="/settings/data"
            title="Your data"
            text="Download everything we hold about you (ZIP of JSON and CSV)"
          />
          <SettingsLink
            to="/settings/delete-account"
            title="Delete your account"
            text="Your personal data and unregistered songs go; registered certificates stay"
          />
        </ul>
      </nav>
      <section aria-labelledby="songs-heading" className="mt-6 rounded-xl border p-5">
        <h2 id="songs-heading" className="text-lg font-semibold text-slate-900">
          Unregistered songs
        </h2>
        {songs.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">
            {permanent
              ? 'No unregistered songs. A registered song is a permanent record and cannot be deleted.'
              : 'No unregistered songs. A registered song cannot be deleted: this server keeps its record.'}
          </p>
        ) : (
          <>
            <p className="mt-1 text-sm text-slate-600">
              A song not yet registered can be deleted with its splits and invitations.
            </p>
            <ul className="mt-3 space-y-2" data-testid="deletable-songs">
              {songs.map((song) => (
                <li key={song.id} className="flex items-center justify-between gap-3 text-sm">
                  <bdi className="min-w-0 truncate text-slate-800">{song.title}</bdi>
                  <Link
                    to={`/songs/${song.id}/delete`}
                    className={`${TAP_TARGET} shrink-0 font-medium text-red-700 hover:underline`}
                    aria-label={`Delete ${song.title}`}
                  >
                    Delete
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <section aria-labelledby="time-zone-heading" className="mt-6 rounded-xl border p-5">
        <h2 id="time-zone-heading" className="text-lg font-semibold text-slate-900">
          Time zone
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Certificates, the dashboard and the song form show dates in this zone. Left on the
          browser’s zone, pages use your browser’s clock with JavaScript, and UTC without it. Free
          registrations are counted per month in UTC whatever you choose.
        </p>
        <p className="mt-3 text-sm text-slate-800">
          Today: <span data-testid="settings-today">{formatDayInZone(now, choice.timeZone)}</span>
        </p>
        <TimeZoneNote choice={choice} className="mt-1" />
        {/* Refused, the answer is at the page's foot: the post's fragment opens it there. */}
        <Form method="post" action="/settings#time-zone-heading" className="mt-4 space-y-3">
          <label htmlFor="time-zone" className="block text-sm font-medium text-slate-800">
            Show dates in
          </label>
          <TimeZoneSelect
            id="time-zone"
            name="timeZone"
            options={zones}
            defaultValue={chosen ?? ''}
            blankLabel="My browser’s time zone (UTC without JavaScript)"
            aria-invalid={errorId ? true : undefined}
            aria-describedby={errorId}
          />
          <ErrorList id={errorId} errors={data?.errors} />
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving...' : 'Save Time Zone'}
          </Button>
        </Form>
      </section>
      {/* Issue 54: the footer's form, kept on the account too (app/resource-routes/language.ts). */}
      <section aria-labelledby="language-heading" className="mt-6 rounded-xl border p-5">
        <h2 id="language-heading" className="text-lg font-semibold text-slate-900">
          {t('shell.language.label')}
        </h2>
        <p className="mb-3 mt-1 text-sm text-slate-600">
          {t('shell.language.settingsHint', { appName })}
        </p>
        <LanguageForm id="settings-language" languages={languages} redirectTo={SETTINGS_PATH} />
      </section>
    </div>
  )
}

function SettingsLink({ to, title, text }: { to: string; title: string; text: string }) {
  return (
    <li>
      <Link to={to} className="block px-4 py-3 hover:bg-slate-50">
        <span className="block font-medium text-brand-700">{title}</span>
        <span className="block text-sm text-slate-600">{text}</span>
      </Link>
    </li>
  )
}

export const meta: MetaFunction = () => [
  { title: 'Settings' },
  {
    name: 'description',
    content:
      'Your profile, password, email, Google sign-in, signed-in browsers, data, songs, time zone and account.',
  },
]
