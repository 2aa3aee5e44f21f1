import { parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { ErrorList } from '~/components/forms'
import { SettingsShell } from '~/components/settings-shell'
import { useTimeZone } from '~/components/time-zone'
import { Button } from '~/components/ui/button'
import { pageMessages, translate } from '~/i18n/catalogs.server'
import { intlLocale } from '~/i18n/format'
import { requestLocale } from '~/i18n/locale.server'
import { translatorOf, useLocale, useT } from '~/i18n/react'
import { SESSIONS_FIELDS, SessionsSchema } from '~/lib/account-schemas'
import { formatMomentInZone } from '~/lib/dates'
import { readForm } from '~/lib/form.server'
import { useIsPending } from '~/lib/hooks'
import { requireUser } from '~/services/accounts/auth.server'
import { browserName } from '~/services/accounts/browser-name.server'
import { db } from '~/services/platform/db.server'
import {
  endSessionByKey,
  endUserSessions,
  getSessionId,
  listUserSessions,
} from '~/services/accounts/session.server'
import { redirectWithToast } from '~/services/platform/toast.server'

const PATH = '/settings/sessions'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const locale = requestLocale(request, user)
  const sid = await getSessionId(request.headers.get('Cookie'))
  const sessions = await listUserSessions(db(), user.id, sid)
  return json({
    sessions: sessions.map((session) => ({
      ...session,
      browser: browserName(locale, session.userAgent),
    })),
    i18n: pageMessages(locale, ['settings']),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const locale = requestLocale(request, user)
  const say = (id: Parameters<typeof translate>[2]) => translate(locale, 'settings', id)
  const submission = parseWithZod(await readForm(request, { fields: SESSIONS_FIELDS }), {
    schema: SessionsSchema,
  })
  if (submission.status !== 'success')
    return json({ errors: [say('settings.sessions.choose')] }, { status: 400 })
  const sid = await getSessionId(request.headers.get('Cookie'))
  if (submission.value.intent === 'end-others') {
    await endUserSessions(db(), user.id, sid ?? undefined)
    return redirectWithToast(PATH, {
      type: 'success',
      title: say('settings.sessions.othersEnded.title'),
      description: say('settings.sessions.othersEnded.text'),
    })
  }
  const ended = await endSessionByKey(db(), user.id, submission.value.session)
  if (!ended) return json({ errors: [say('settings.sessions.alreadyEnded')] }, { status: 404 })
  return redirectWithToast(PATH, {
    type: 'success',
    title: say('settings.sessions.ended.title'),
    description: say('settings.sessions.ended.text'),
  })
}

export default function SessionsPage() {
  const { sessions } = useLoaderData<typeof loader>()
  const data = useActionData<typeof action>()
  const pending = useIsPending()
  const { timeZone } = useTimeZone()
  const t = useT()
  const dateLocale = intlLocale(useLocale())
  const others = sessions.filter((session) => !session.current).length
  return (
    <SettingsShell title={t('settings.sessions.title')} intro={t('settings.sessions.intro')}>
      <ErrorList id="sessions-error" errors={data?.errors} />
      <ul className="space-y-3" data-testid="sessions">
        {sessions.map((session) => (
          <li key={session.key} className="rounded-xl border p-4" data-testid="session">
            <p className="font-medium text-slate-900">
              {session.browser}
              {session.current && (
                <span className="ml-2 rounded bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">
                  {t('settings.sessions.current')}
                </span>
              )}
            </p>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-600">
              <dt>{t('settings.sessions.signedIn')}</dt>
              <dd>{formatMomentInZone(session.createdAt, timeZone, dateLocale)}</dd>
              <dt>{t('settings.sessions.lastSeen')}</dt>
              <dd>{formatMomentInZone(session.lastSeenAt, timeZone, dateLocale)}</dd>
            </dl>
            {!session.current && (
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="end" />
                <input type="hidden" name="session" value={session.key} />
                <Button type="submit" variant="secondary" disabled={pending}>
                  {t('settings.sessions.signOutOne')}
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="end-others" />
          <Button type="submit" disabled={pending}>
            {t('settings.sessions.signOutOthers')}
          </Button>
        </Form>
      ) : (
        <p className="text-sm text-slate-600">{t('settings.sessions.noOthers')}</p>
      )}
    </SettingsShell>
  )
}

export const meta: MetaFunction = ({ matches }) => {
  const { t } = translatorOf(matches)
  return [
    { title: t('settings.sessions.meta.title') },
    { name: 'description', content: t('settings.sessions.meta.description') },
  ]
}
