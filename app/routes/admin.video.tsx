import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AccessDenied, AdministratorBadge, SignOutLink } from '~/components/admin-access'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ButtonLink } from '~/components/ui/button'
import { VideoManagement } from '~/components/video-upload'
import { env } from '~/env.server'
import { getUser, requireAdminSecondFactor } from '~/services/accounts/auth.server'
import { isAdmin } from '~/services/accounts/users.server'
import { currentLandingVideo } from '~/services/admin/video-upload.server'

// SPEC §2: anyone but the admin, visitors included, sees Access Denied here (403), not a sign-in redirect.
export async function loader({ request }: LoaderFunctionArgs) {
  const appName = env().APP_NAME
  const user = await getUser(request)
  if (!user || !isAdmin(user)) return json({ allowed: false as const, appName }, { status: 403 })
  await requireAdminSecondFactor(request, user)
  return json({ allowed: true as const, appName, video: await currentLandingVideo() })
}

export default function AdminVideoPage() {
  const data = useLoaderData<typeof loader>()
  if (!data.allowed) return <AccessDenied />
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold text-slate-900">
            {data.appName} Admin - Video Management
          </h1>
          <AdministratorBadge />
        </div>
        <div className="flex items-center gap-2">
          <ButtonLink to="/dashboard" variant="ghost">
            Back to Dashboard
          </ButtonLink>
          <SignOutLink />
        </div>
      </div>
      <div className="mt-8">
        <VideoManagement video={data.video} returnTo="/admin/video" />
      </div>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.allowed ? `Video Management | ${data.appName}` : 'Access Denied' },
  { name: 'description', content: 'Administrator: manage the landing page video.' },
]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
