import { parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { Field } from '~/components/forms'
import { SettingsShell, SettingsSection } from '~/components/settings-shell'
import { Button } from '~/components/ui/button'
import { pageMessages, translate } from '~/i18n/catalogs.server'
import { requestLocale } from '~/i18n/locale.server'
import { translatorOf, useT } from '~/i18n/react'
import { DeleteAccountSchema } from '~/lib/account-schemas'
import { fieldsOf, readForm } from '~/lib/form.server'
import { useIsPending } from '~/lib/hooks'
import { deletableSongs, deleteAccount } from '~/services/accounts/account.server'
import { requireRecentSignIn, requireUser } from '~/services/accounts/auth.server'
import { db } from '~/services/platform/db.server'
import { destroySessionHeaders } from '~/services/accounts/session.server'
import { redirectWithToast } from '~/services/platform/toast.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  await requireRecentSignIn(request, user)
  return json({
    username: user.username,
    unregistered: (await deletableSongs(db(), user.id)).length,
    i18n: pageMessages(requestLocale(request, user), ['settings']),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  await requireRecentSignIn(request, user)
  const locale = requestLocale(request, user)
  // The schema's two refusals, in the page's language: left empty, or longer than any username.
  const refusal = (empty: boolean) =>
    translate(
      locale,
      'settings',
      empty ? 'settings.delete.enterUsername' : 'settings.delete.mismatch',
    )
  const submission = parseWithZod(
    await readForm(request, { fields: fieldsOf(DeleteAccountSchema) }),
    { schema: DeleteAccountSchema },
  )
  if (submission.status !== 'success')
    return json(
      { errors: [refusal(String(submission.payload.confirmUsername ?? '').trim() === '')] },
      { status: 400 },
    )
  if (submission.value.confirmUsername.toLowerCase() !== user.username.toLowerCase())
    return json({ errors: [refusal(false)] }, { status: 400 })
  const headers = await destroySessionHeaders(request.headers.get('Cookie'))
  await deleteAccount(db(), user)
  return redirectWithToast(
    '/',
    {
      type: 'success',
      title: translate(locale, 'settings', 'settings.delete.done.title'),
      description: translate(locale, 'settings', 'settings.delete.done.text'),
    },
    { headers },
  )
}

export default function DeleteAccountPage() {
  const { username, unregistered } = useLoaderData<typeof loader>()
  const data = useActionData<typeof action>()
  const pending = useIsPending()
  const t = useT()
  return (
    <SettingsShell title={t('settings.delete.title')}>
      <SettingsSection id="what-goes" title={t('settings.delete.whatGoes')}>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>{t('settings.delete.deleted', { count: unregistered })}</li>
          <li>{t('settings.delete.keptTerms')}</li>
          <li>{t('settings.delete.keptLaw')}</li>
        </ul>
      </SettingsSection>
      <Form method="post" className="space-y-4">
        <Field
          id="confirm-username"
          name="confirmUsername"
          label={t('settings.delete.confirm', { username })}
          autoComplete="off"
          required
          maxLength={30}
          errors={data?.errors}
        />
        <Button type="submit" variant="danger" disabled={pending}>
          {t(pending ? 'settings.delete.deleting' : 'settings.delete.submit')}
        </Button>
      </Form>
    </SettingsShell>
  )
}

export const meta: MetaFunction = ({ matches }) => {
  const { t } = translatorOf(matches)
  return [
    { title: t('settings.delete.meta.title') },
    { name: 'description', content: t('settings.delete.meta.description') },
  ]
}
