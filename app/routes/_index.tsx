import { json, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LandingPage } from '~/components/landing-page'
import { env } from '~/env.server'
import { latestLandingVideo } from '~/services/landing-video.server'

export async function loader() {
  const video = await latestLandingVideo()
  return json({ appName: env().APP_NAME, hasVideo: video !== null })
}

export default function Index() {
  const { appName, hasVideo } = useLoaderData<typeof loader>()
  return <LandingPage appName={appName} hasVideo={hasVideo} />
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const appName = data?.appName ?? 'ProofTrack'
  return [
    { title: `${appName} — Lock in Your Song Details - Forever.` },
    {
      name: 'description',
      content: `${appName} lets songwriters document every contributor to a song — people and AI tools alike — and lock it in with a timestamped certificate, a Solana blockchain record and permanent Arweave storage.`,
    },
  ]
}
