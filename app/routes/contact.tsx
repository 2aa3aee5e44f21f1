import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { ErrorSummary } from '~/components/error-summary'
import { ErrorList, Field, TextareaField } from '~/components/forms'
import { Button, ButtonLink } from '~/components/ui/button'
import { translate } from '~/i18n/catalogs.server'
import { pageMessagesWithFormErrors } from '~/i18n/form-errors.server'
import { pagePart } from '~/i18n/page-part.server'
import { FORM_ERROR_KEY } from '~/i18n/form-errors'
import { requestLocale } from '~/i18n/locale.server'
import type { RenderLocale } from '~/i18n/locales'
import { translatorOf, useT } from '~/i18n/react'
import { type ContactInput, ContactSchema } from '~/lib/contact-schema'
import { fieldsOf, readForm } from '~/lib/form.server'
import { clientIp, pageViewOf } from '~/lib/client-address.server'
import { recordUserAction } from '~/services/platform/analytics.server'
import { submitContactMessage } from '~/services/admin/contact.server'
import { getUser } from '~/services/accounts/auth.server'
import { tooManyText } from '~/services/accounts/auth-text.server'
import { db } from '~/services/platform/db.server'
import { hit, LIMITS } from '~/services/platform/rate-limit.server'
import { redirectWithToast } from '~/services/platform/toast.server'
import { useIsPending } from '~/lib/hooks'

// The email field's messages are the sign-up form's (the auth area's); the page sends those few,
// and the error summary's title, not the whole area.
const FROM_AUTH = ['Enter your email address', 'Please enter a valid email address']

function contactMessages(locale: RenderLocale) {
  const page = pagePart(
    pageMessagesWithFormErrors(locale, ['help']),
    'help',
    ['contact'],
    [FORM_ERROR_KEY],
  )
  const auth = pageMessagesWithFormErrors(locale, ['auth']).messages
  const shared = [
    ...FROM_AUTH.map((english) => `${FORM_ERROR_KEY}${english}`),
    'auth.errorSummary.title',
  ]
  for (const key of shared) if (auth[key] !== undefined) page.messages[key] = auth[key]
  return page
}

export async function loader({ request }: LoaderFunctionArgs) {
  const sent = new URL(request.url).searchParams.get('sent') === '1'
  const locale = requestLocale(request, await getUser(request))
  // The constraint travels as data so the browser bundle never carries zod.
  return json({
    sent,
    constraint: getZodConstraint(ContactSchema),
    i18n: contactMessages(locale),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const locale = requestLocale(request, await getUser(request))
  const say = (id: Parameters<typeof translate>[2]) => translate(locale, 'help', id)
  const submission = parseWithZod(await readForm(request, { fields: fieldsOf(ContactSchema) }), {
    schema: ContactSchema,
  })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  const limited = await hit(LIMITS.contactPerAddress(clientIp(request) ?? 'unknown'))
  if (!limited.allowed)
    return json(submission.reply({ formErrors: [tooManyText(locale, limited)] }), { status: 429 })
  try {
    await submitContactMessage(submission.value, { ipAddress: clientIp(request) })
  } catch (error) {
    console.error('[contact] message not stored', error)
    const toast = {
      id: 'contact-failed',
      type: 'error' as const,
      title: say('help.contact.toast.failed.title'),
      description: say('help.formError.failed'),
    }
    // The form's alert looks the schema's English up in the page's data (decision 120).
    return json(
      { ...submission.reply({ formErrors: ['Something went wrong. Please try again.'] }), toast },
      { status: 503 },
    )
  }
  await recordUserAction(db(), pageViewOf(request), 'contact', null)
  // Post/redirect/get: a refresh cannot send the message twice, and the form starts empty again.
  return redirectWithToast('/contact?sent=1', {
    type: 'success',
    title: say('help.contact.toast.sent.title'),
    description: say('help.contact.toast.sent.text'),
  })
}

export default function ContactPage() {
  const { sent, constraint } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const pending = useIsPending()
  const t = useT()
  const [form, fields] = useForm<ContactInput>({
    id: 'contact',
    lastResult,
    constraint,
    shouldRevalidate: 'onInput',
  })

  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">{t('help.contact.title')}</h1>
      <p className="mt-2 text-slate-600">{t('help.contact.intro')}</p>
      <p className="mt-1 text-sm text-slate-500">{t('help.contact.responseTime')}</p>

      {sent ? (
        <section
          className="mt-8 rounded-lg border border-green-200 bg-green-50 p-6 text-center"
          aria-live="polite"
        >
          <h2 className="text-xl font-semibold text-green-900">{t('help.contact.sent.title')}</h2>
          <p className="mt-2 text-green-800">{t('help.contact.sent.text')}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/" variant="secondary">
              {t('help.contact.sent.home')}
            </ButtonLink>
            <ButtonLink to="/contact">{t('help.contact.sent.another')}</ButtonLink>
          </div>
        </section>
      ) : (
        <Form method="post" {...getFormProps(form)} noValidate className="mt-8 space-y-5">
          <ErrorSummary id="contact-error-summary" form={form} lastResult={lastResult} />
          <Field
            label={t('help.contact.name')}
            errors={fields.name.errors}
            autoComplete="name"
            {...getInputProps(fields.name, { type: 'text' })}
          />
          <Field
            label={t('help.contact.email')}
            errors={fields.email.errors}
            autoComplete="email"
            {...getInputProps(fields.email, { type: 'email' })}
          />
          <Field
            label={t('help.contact.subject')}
            errors={fields.subject.errors}
            {...getInputProps(fields.subject, { type: 'text' })}
          />
          <TextareaField
            label={t('help.contact.message')}
            errors={fields.message.errors}
            rows={6}
            {...getTextareaProps(fields.message)}
          />
          {/* Honeypot: hidden from people and assistive technology, tempting to bots. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor="contact-website">{t('help.contact.website')}</label>
            <input
              id="contact-website"
              name="website"
              type="text"
              tabIndex={-1}
              autoComplete="off"
            />
          </div>
          <ErrorList id={form.errorId} errors={form.errors} />
          <Button type="submit" disabled={pending} className="w-full sm:w-auto">
            {pending ? t('help.contact.sending') : t('help.contact.send')}
          </Button>
        </Form>
      )}
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const { t } = translatorOf(matches)
  return [
    { title: data?.sent ? t('help.contact.meta.sentTitle') : t('help.contact.meta.title') },
    { name: 'description', content: t('help.contact.meta.description') },
  ]
}
