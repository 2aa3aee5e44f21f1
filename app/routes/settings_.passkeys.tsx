import { parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { ErrorList } from '~/components/forms'
import { AddPasskey } from '~/components/passkeys'
import { SettingsSection, SettingsShell } from '~/components/settings-shell'
import { useTimeZone } from '~/components/time-zone'
import { Button } from '~/components/ui/button'
import { pageMessagesWithFormErrors } from '~/i18n/form-errors.server'
import { intlLocale } from '~/i18n/format'
import { requestLocale } from '~/i18n/locale.server'
import { translatorOf, useLocale, useT } from '~/i18n/react'
import { formatMomentInZone } from '~/lib/dates'
import { readForm } from '~/lib/form.server'
import { useIsPending } from '~/lib/hooks'
import { PASSKEY_FORM_FIELDS, PasskeyFormSchema } from '~/lib/passkey-schemas'
import { requireRecentSignIn, requireUser } from '~/services/accounts/auth.server'
import { browserName } from '~/services/accounts/browser-name.server'
import { settingsText } from '~/services/accounts/settings-text.server'
import { listPasskeys, removePasskey, renamePasskey } from '~/services/accounts/passkeys.server'
import { db } from '~/services/platform/db.server'
import { redirectWithToast } from '~/services/platform/toast.server'

const PATH = '/settings/passkeys'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  await requireRecentSignIn(request, user)
  const locale = requestLocale(request, user)
  return json({
    passkeys: await listPasskeys(db(), user.id),
    defaultName: browserName(locale, request.headers.get('User-Agent')),
    // The schema's refusals (an empty name) are keyed by their English (decision 120).
    i18n: pageMessagesWithFormErrors(locale, ['settings']),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  await requireRecentSignIn(request, user)
  const locale = requestLocale(request, user)
  const gone = settingsText(locale, 'settings.passkeys.gone')
  const submission = parseWithZod(await readForm(request, { fields: PASSKEY_FORM_FIELDS }), {
    schema: PasskeyFormSchema,
  })
  if (submission.status !== 'success') {
    const errors = Object.values(submission.error ?? {}).flat()
    const id = Number(submission.payload.id)
    return json(
      { id: Number.isInteger(id) ? id : null, errors: errors.length ? errors : [gone] },
      { status: 400 },
    )
  }
  const { id } = submission.value
  if (submission.value.intent === 'rename') {
    const name = submission.value.name
    if (!(await renamePasskey(db(), user.id, id, name)))
      return json({ id, errors: [gone] }, { status: 404 })
    return redirectWithToast(PATH, {
      type: 'success',
      title: settingsText(locale, 'settings.passkeys.renamed.title'),
      description: settingsText(locale, 'settings.passkeys.renamed.text', { name }),
    })
  }
  const removed = await removePasskey(db(), user.id, id)
  if (removed === 'not_found') return json({ id, errors: [gone] }, { status: 404 })
  if (removed === 'last_way_in')
    return json(
      { id, errors: [settingsText(locale, 'settings.passkeys.lastWayIn')] },
      { status: 400 },
    )
  return redirectWithToast(PATH, {
    type: 'success',
    title: settingsText(locale, 'settings.passkeys.removed.title'),
    description: settingsText(locale, 'settings.passkeys.removed.text'),
  })
}

export default function PasskeysPage() {
  const { passkeys, defaultName } = useLoaderData<typeof loader>()
  const data = useActionData<typeof action>()
  const pending = useIsPending()
  const { timeZone } = useTimeZone()
  const t = useT()
  const dateLocale = intlLocale(useLocale())
  const orphan = data && !passkeys.some((passkey) => passkey.id === data.id)
  return (
    <SettingsShell title={t('settings.passkeys.title')} intro={t('settings.passkeys.intro')}>
      {orphan && <ErrorList id="passkeys-error" errors={data.errors} />}
      <SettingsSection id="add-passkey" title={t('settings.passkeys.add.title')}>
        <AddPasskey defaultName={defaultName} />
      </SettingsSection>
      <SettingsSection id="your-passkeys" title={t('settings.passkeys.list.title')}>
        {passkeys.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">{t('settings.passkeys.empty')}</p>
        ) : (
          <ul className="mt-3 space-y-3" data-testid="passkeys">
            {passkeys.map((passkey) => {
              const errors = data?.id === passkey.id ? data.errors : undefined
              const errorId = errors ? `passkey-${passkey.id}-error` : undefined
              return (
                <li key={passkey.id} className="rounded-lg border p-4" data-testid="passkey">
                  <p className="font-medium text-slate-900">
                    <bdi data-testid="passkey-name">{passkey.name}</bdi>
                  </p>
                  <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-600">
                    <dt>{t('settings.passkeys.added')}</dt>
                    <dd>{formatMomentInZone(passkey.createdAt, timeZone, dateLocale)}</dd>
                    <dt>{t('settings.passkeys.lastUsed')}</dt>
                    <dd data-testid="passkey-last-used">
                      {passkey.lastUsedAt
                        ? formatMomentInZone(passkey.lastUsedAt, timeZone, dateLocale)
                        : t('settings.passkeys.never')}
                    </dd>
                  </dl>
                  <ErrorList id={errorId} errors={errors} />
                  <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="rename" />
                    <input type="hidden" name="id" value={passkey.id} />
                    <div className="min-w-0 flex-1">
                      <label
                        htmlFor={`passkey-${passkey.id}-name`}
                        className="block text-sm font-medium text-slate-800"
                      >
                        {t('settings.passkeys.name')}
                      </label>
                      <input
                        id={`passkey-${passkey.id}-name`}
                        name="name"
                        defaultValue={passkey.name}
                        required
                        maxLength={64}
                        aria-invalid={errorId ? true : undefined}
                        aria-describedby={errorId}
                        className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
                      />
                    </div>
                    <Button type="submit" variant="secondary" disabled={pending}>
                      {t('settings.passkeys.rename')}
                    </Button>
                  </Form>
                  <Form method="post" className="mt-2">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="id" value={passkey.id} />
                    <Button
                      type="submit"
                      variant="danger"
                      disabled={pending}
                      aria-label={t('settings.passkeys.removeLabel', { name: passkey.name })}
                    >
                      {t('settings.passkeys.remove')}
                    </Button>
                  </Form>
                </li>
              )
            })}
          </ul>
        )}
      </SettingsSection>
    </SettingsShell>
  )
}

export const meta: MetaFunction = ({ matches }) => {
  const { t } = translatorOf(matches)
  return [
    { title: t('settings.passkeys.meta.title') },
    { name: 'description', content: t('settings.passkeys.meta.description') },
  ]
}
