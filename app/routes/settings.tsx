import { parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AppLink } from '~/components/app-link'
import { ErrorList } from '~/components/forms'
import { useAppName } from '~/components/app-name'
import { LanguageForm } from '~/components/language-form'
import { TimeZoneSelect, useTimeZone } from '~/components/time-zone'
import { Button, TAP_TARGET } from '~/components/ui/button'
import { pageMessages, translate } from '~/i18n/catalogs.server'
import { intlLocale } from '~/i18n/format'
import { languageChoices, requestLocale } from '~/i18n/locale.server'
import { translatorOf, useLocale, useT } from '~/i18n/react'
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
    i18n: pageMessages(requestLocale(request, user), ['settings']),
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
  const locale = requestLocale(request, user)
  const { timeZone } = submission.value
  return redirectWithToast(SETTINGS_PATH, {
    type: 'success',
    title: translate(locale, 'settings', 'settings.timeZone.saved'),
    description: timeZone
      ? translate(locale, 'settings', 'settings.timeZone.savedZone', { timeZone })
      : translate(locale, 'settings', 'settings.timeZone.savedBrowser'),
  })
}

export default function SettingsPage() {
  const { chosen, zones, now, hasPassword, songs, twoFactor, permanent, languages } =
    useLoaderData<typeof loader>()
  const t = useT()
  const locale = useLocale()
  const appName = useAppName()
  const data = useActionData<typeof action>()
  const pending = useNavigation().state === 'submitting'
  const choice = useTimeZone()
  const errorId = data?.errors?.length ? 'time-zone-error' : undefined
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{t('settings.title')}</h1>
      <nav aria-label={t('settings.nav.label')} className="mt-6">
        <ul className="divide-y rounded-xl border" data-testid="settings-links">
          <SettingsLink
            to="/settings/profile"
            title={t('settings.link.profile.title')}
            text={t('settings.link.profile.text')}
          />
          <SettingsLink
            to="/settings/password"
            title={t(
              hasPassword ? 'settings.link.password.title' : 'settings.link.setPassword.title',
            )}
            text={t(hasPassword ? 'settings.link.password.text' : 'settings.link.setPassword.text')}
          />
          <SettingsLink
            to="/settings/email"
            title={t('settings.link.email.title')}
            text={t('settings.link.email.text')}
          />
          <SettingsLink
            to="/settings/google"
            title={t('settings.link.google.title')}
            text={t('settings.link.google.text')}
          />
          <SettingsLink
            to="/settings/passkeys"
            title={t('settings.link.passkeys.title')}
            text={t('settings.link.passkeys.text')}
          />
          <SettingsLink
            to="/settings/two-factor"
            title={t('settings.link.twoFactor.title')}
            text={t(twoFactor ? 'settings.link.twoFactor.on' : 'settings.link.twoFactor.off')}
          />
          <SettingsLink
            to="/settings/sessions"
            title={t('settings.link.sessions.title')}
            text={t('settings.link.sessions.text')}
          />
          <SettingsLink
            to="/settings/data"
            title={t('settings.link.data.title')}
            text={t('settings.link.data.text')}
          />
          <SettingsLink
            to="/settings/delete-account"
            title={t('settings.link.delete.title')}
            text={t('settings.link.delete.text')}
          />
        </ul>
      </nav>
      <section aria-labelledby="songs-heading" className="mt-6 rounded-xl border p-5">
        <h2 id="songs-heading" className="text-lg font-semibold text-slate-900">
          {t('settings.songs.title')}
        </h2>
        {songs.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">
            {t(permanent ? 'settings.songs.nonePermanent' : 'settings.songs.noneKept')}
          </p>
        ) : (
          <>
            <p className="mt-1 text-sm text-slate-600">{t('settings.songs.intro')}</p>
            <ul className="mt-3 space-y-2" data-testid="deletable-songs">
              {songs.map((song) => (
                <li key={song.id} className="flex items-center justify-between gap-3 text-sm">
                  <bdi className="min-w-0 truncate text-slate-800">{song.title}</bdi>
                  <AppLink
                    to={`/songs/${song.id}/delete`}
                    className={`${TAP_TARGET} shrink-0 font-medium text-red-700 hover:underline`}
                    aria-label={t('settings.songs.deleteLabel', { title: song.title })}
                  >
                    {t('settings.songs.delete')}
                  </AppLink>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <section aria-labelledby="time-zone-heading" className="mt-6 rounded-xl border p-5">
        <h2 id="time-zone-heading" className="text-lg font-semibold text-slate-900">
          {t('settings.timeZone.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('settings.timeZone.intro')}</p>
        <p className="mt-3 text-sm text-slate-800">
          {t('settings.timeZone.today')}{' '}
          <span data-testid="settings-today">
            {formatDayInZone(now, choice.timeZone, intlLocale(locale))}
          </span>
        </p>
        {/* TimeZoneNote's words, in the page's language (the dashboard's note is the songs area's). */}
        <p className="mt-1 text-xs text-slate-500" data-testid="time-zone-note">
          {t('settings.timeZone.note', { timeZone: choice.timeZone, source: choice.source })} —{' '}
          <AppLink to={SETTINGS_PATH} className="font-medium text-brand-700 underline">
            {t('settings.timeZone.change')}
          </AppLink>
        </p>
        {/* Refused, the answer is at the page's foot: the post's fragment opens it there. */}
        <Form method="post" action="/settings#time-zone-heading" className="mt-4 space-y-3">
          <label htmlFor="time-zone" className="block text-sm font-medium text-slate-800">
            {t('settings.timeZone.label')}
          </label>
          <TimeZoneSelect
            id="time-zone"
            name="timeZone"
            options={zones}
            defaultValue={chosen ?? ''}
            blankLabel={t('settings.timeZone.browser')}
            groupLabels={{
              likely: t('settings.timeZone.likely'),
              all: t('settings.timeZone.all'),
            }}
            aria-invalid={errorId ? true : undefined}
            aria-describedby={errorId}
          />
          <ErrorList id={errorId} errors={data?.errors} />
          <Button type="submit" disabled={pending}>
            {t(pending ? 'settings.timeZone.saving' : 'settings.timeZone.save')}
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

function SettingsLink({ to, title, text }: { to: `/${string}`; title: string; text: string }) {
  return (
    <li>
      <AppLink to={to} className="block px-4 py-3 hover:bg-slate-50">
        <span className="block font-medium text-brand-700">{title}</span>
        <span className="block text-sm text-slate-600">{text}</span>
      </AppLink>
    </li>
  )
}

export const meta: MetaFunction = ({ matches }) => {
  const { t } = translatorOf(matches)
  return [
    { title: t('settings.meta.title') },
    { name: 'description', content: t('settings.meta.description') },
  ]
}
