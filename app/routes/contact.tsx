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
import { type ContactInput, ContactSchema } from '~/lib/contact-schema'
import { fieldsOf, readForm } from '~/lib/form.server'
import { clientIp, pageViewOf } from '~/lib/client-address.server'
import { recordUserAction } from '~/services/platform/analytics.server'
import { submitContactMessage } from '~/services/admin/contact.server'
import { db } from '~/services/platform/db.server'
import { hit, LIMITS, tooManyMessage } from '~/services/platform/rate-limit.server'
import { redirectWithToast } from '~/services/platform/toast.server'
import { useIsPending } from '~/lib/hooks'

export function loader({ request }: LoaderFunctionArgs) {
  const sent = new URL(request.url).searchParams.get('sent') === '1'
  // The constraint travels as data so the browser bundle never carries zod.
  return json({ sent, constraint: getZodConstraint(ContactSchema) })
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readForm(request, { fields: fieldsOf(ContactSchema) }), {
    schema: ContactSchema,
  })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  const limited = await hit(LIMITS.contactPerAddress(clientIp(request) ?? 'unknown'))
  if (!limited.allowed)
    return json(submission.reply({ formErrors: [tooManyMessage(limited)] }), { status: 429 })
  try {
    await submitContactMessage(submission.value, { ipAddress: clientIp(request) })
  } catch (error) {
    console.error('[contact] message not stored', error)
    const toast = {
      id: 'contact-failed',
      type: 'error' as const,
      title: 'Error sending message',
      description: 'Something went wrong. Please try again.',
    }
    return json(
      { ...submission.reply({ formErrors: ['Something went wrong. Please try again.'] }), toast },
      { status: 503 },
    )
  }
  await recordUserAction(db(), pageViewOf(request), 'contact', null)
  // Post/redirect/get: a refresh cannot send the message twice, and the form starts empty again.
  return redirectWithToast('/contact?sent=1', {
    type: 'success',
    title: 'Message sent successfully!',
    description: "We'll get back to you as soon as possible.",
  })
}

export default function ContactPage() {
  const { sent, constraint } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const pending = useIsPending()
  const [form, fields] = useForm<ContactInput>({
    id: 'contact',
    lastResult,
    constraint,
    shouldRevalidate: 'onInput',
  })

  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Contact Us</h1>
      <p className="mt-2 text-slate-600">
        Questions about your certificates, registrations or account? Send us a message.
      </p>
      <p className="mt-1 text-sm text-slate-500">
        We typically respond within 24 hours on business days.
      </p>

      {sent ? (
        <section
          className="mt-8 rounded-lg border border-green-200 bg-green-50 p-6 text-center"
          aria-live="polite"
        >
          <h2 className="text-xl font-semibold text-green-900">Message Sent Successfully!</h2>
          <p className="mt-2 text-green-800">
            Thank you for reaching out. We'll get back to you as soon as possible.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/" variant="secondary">
              Back to Home
            </ButtonLink>
            <ButtonLink to="/contact">Send Another Message</ButtonLink>
          </div>
        </section>
      ) : (
        <Form method="post" {...getFormProps(form)} noValidate className="mt-8 space-y-5">
          <ErrorSummary id="contact-error-summary" form={form} lastResult={lastResult} />
          <Field
            label="Name"
            errors={fields.name.errors}
            autoComplete="name"
            {...getInputProps(fields.name, { type: 'text' })}
          />
          <Field
            label="Email"
            errors={fields.email.errors}
            autoComplete="email"
            {...getInputProps(fields.email, { type: 'email' })}
          />
          <Field
            label="Subject"
            errors={fields.subject.errors}
            {...getInputProps(fields.subject, { type: 'text' })}
          />
          <TextareaField
            label="Message"
            errors={fields.message.errors}
            rows={6}
            {...getTextareaProps(fields.message)}
          />
          {/* Honeypot: hidden from people and assistive technology, tempting to bots. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor="contact-website">Website</label>
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
            {pending ? 'Sending...' : 'Send Message'}
          </Button>
        </Form>
      )}
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.sent ? 'Message Sent | Contact Us' : 'Contact Us' },
  { name: 'description', content: 'Contact the team behind the song authorship certificates.' },
]
