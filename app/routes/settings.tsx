import { parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ErrorList } from '~/components/forms'
import { TimeZoneNote, useTimeZone } from '~/components/time-zone'
import { Button } from '~/components/ui/button'
import { formatDayInZone, timeZoneNames } from '~/lib/dates'
import { fieldsOf, readForm } from '~/lib/form.server'
import { SETTINGS_PATH } from '~/lib/time-zone'
import { TimeZoneSchema } from '~/lib/time-zone-schema'
import { requireUser } from '~/services/auth.server'
import { db } from '~/services/db.server'
import { setUserTimeZone } from '~/services/time-zone.server'
import { redirectWithToast } from '~/services/toast.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json({ chosen: user.timeZone, zones: timeZoneNames(), now: new Date().toISOString() })
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
  const { chosen, zones, now } = useLoaderData<typeof loader>()
  const data = useActionData<typeof action>()
  const pending = useNavigation().state === 'submitting'
  const choice = useTimeZone()
  const errorId = data?.errors?.length ? 'time-zone-error' : undefined
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Settings</h1>
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
        <Form method="post" className="mt-4 space-y-3">
          <label htmlFor="time-zone" className="block text-sm font-medium text-slate-800">
            Show dates in
          </label>
          <select
            id="time-zone"
            name="timeZone"
            defaultValue={chosen ?? ''}
            aria-invalid={errorId ? true : undefined}
            aria-describedby={errorId}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          >
            <option value="">My browser’s time zone (UTC without JavaScript)</option>
            <option value="UTC">UTC</option>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
          <ErrorList id={errorId} errors={data?.errors} />
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving...' : 'Save Time Zone'}
          </Button>
        </Form>
      </section>
    </div>
  )
}

export const meta: MetaFunction = () => [
  { title: 'Settings' },
  { name: 'description', content: 'Choose the time zone your dates are shown in.' },
]
