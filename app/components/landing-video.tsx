import { useEffect, useRef, useState } from 'react'
import { useT } from '~/i18n/react'
import { useHydrated } from '~/lib/hooks'
import { Tooltip } from './ui/tooltip'

export const LANDING_VIDEO_SRC = '/media/landing-video'

export function LandingVideo({ hasVideo }: { hasVideo: boolean }) {
  return hasVideo ? <DemoVideo /> : <VideoComingSoon />
}

/**
 * The server sends native controls so the video is usable without JavaScript; once hydrated we
 * swap them for our own buttons, which also cover autoplay being refused and load failures.
 */
function DemoVideo() {
  const t = useT()
  const videoRef = useRef<HTMLVideoElement>(null)
  const hydrated = useHydrated()
  const [muted, setMuted] = useState(true)
  const [paused, setPaused] = useState(false)
  const [waitingForUser, setWaitingForUser] = useState(false)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    const video = videoRef.current
    if (!video) return
    const onError = () => setFailed(true)
    const onPlay = () => {
      setPaused(false)
      setWaitingForUser(false)
    }
    const onPause = () => setPaused(true)
    const onVolumeChange = () => setMuted(video.muted)
    video.addEventListener('error', onError)
    video.addEventListener('play', onPlay)
    video.addEventListener('pause', onPause)
    video.addEventListener('volumechange', onVolumeChange)

    // The video may have failed before hydration attached the listener.
    if (video.error) {
      setFailed(true)
    } else if (prefersReducedMotion()) {
      video.pause()
      setWaitingForUser(true)
    } else {
      video.muted = true
      video.play().catch(() => {
        // A refused autoplay leaves no media error; a broken file is reported by the error event.
        if (!video.error) setWaitingForUser(true)
      })
    }

    return () => {
      video.removeEventListener('error', onError)
      video.removeEventListener('play', onPlay)
      video.removeEventListener('pause', onPause)
      video.removeEventListener('volumechange', onVolumeChange)
    }
  }, [])

  function play() {
    videoRef.current?.play().then(
      () => {
        setPaused(false)
        setWaitingForUser(false)
      },
      () => setWaitingForUser(true),
    )
  }

  function togglePlayback() {
    const video = videoRef.current
    if (!video) return
    if (video.paused) play()
    else video.pause()
  }

  function toggleMuted() {
    const video = videoRef.current
    if (!video) return
    video.muted = !video.muted
    setMuted(video.muted)
  }

  const showControls = hydrated && !failed
  return (
    <div className="relative aspect-video overflow-hidden rounded-2xl bg-slate-900 shadow-xl ring-1 ring-slate-900/10">
      <video
        ref={videoRef}
        src={LANDING_VIDEO_SRC}
        className={failed ? 'invisible h-full w-full' : 'h-full w-full object-cover'}
        aria-label={t('landing.video.label')}
        autoPlay
        muted
        loop
        playsInline
        preload="metadata"
        controls={!hydrated}
      >
        {t('landing.video.unsupported')}
      </video>

      {failed && (
        <div
          role="alert"
          className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-6 text-center"
        >
          <p className="font-semibold text-white">{t('landing.video.failed')}</p>
          <p className="text-sm text-slate-300">{t('landing.video.tryLater')}</p>
        </div>
      )}

      {showControls && waitingForUser && (
        <div className="absolute inset-0 flex items-center justify-center bg-slate-900/50">
          <button
            type="button"
            onClick={play}
            className="inline-flex items-center gap-2 rounded-full bg-white px-5 py-3 text-sm font-semibold text-brand-700 shadow-lg hover:bg-brand-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <PlayIcon />
            {t('landing.video.play')}
          </button>
        </div>
      )}

      {showControls && (
        <div className="absolute bottom-3 right-3 flex gap-2">
          {/* Moving content that starts by itself needs a way to stop it (WCAG 2.2.2). */}
          {!waitingForUser && (
            <Tooltip
              content={paused ? t('landing.video.playVideo') : t('landing.video.pauseVideo')}
              labels
              align="end"
            >
              <button type="button" onClick={togglePlayback} className={controlClass}>
                {paused ? <PlayIcon /> : <PauseIcon />}
              </button>
            </Tooltip>
          )}
          <Tooltip
            content={muted ? t('landing.video.unmute') : t('landing.video.mute')}
            labels
            align="end"
          >
            <button
              type="button"
              onClick={toggleMuted}
              aria-pressed={!muted}
              className={controlClass}
            >
              {muted ? <MutedIcon /> : <SoundIcon />}
            </button>
          </Tooltip>
        </div>
      )}
    </div>
  )
}

function VideoComingSoon() {
  const t = useT()
  return (
    <div className="flex aspect-video flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-brand-100 bg-gradient-to-br from-brand-50 to-white p-8 text-center">
      <span
        aria-hidden="true"
        className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-brand-600"
      >
        <PlayIcon />
      </span>
      <p className="text-lg font-semibold text-slate-900">{t('landing.video.soon.title')}</p>
      <p className="max-w-sm text-sm text-slate-600">{t('landing.video.soon.text')}</p>
    </div>
  )
}

function prefersReducedMotion() {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  )
}

const controlClass =
  'flex h-10 w-10 items-center justify-center rounded-full bg-slate-900/70 text-white backdrop-blur hover:bg-slate-900/90 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white'

const iconProps = {
  'aria-hidden': true,
  viewBox: '0 0 24 24',
  className: 'h-5 w-5',
  fill: 'currentColor',
} as const

function PlayIcon() {
  return (
    <svg {...iconProps}>
      <path d="M8 5.14v13.72a1 1 0 0 0 1.52.85l10.8-6.86a1 1 0 0 0 0-1.7L9.52 4.29A1 1 0 0 0 8 5.14Z" />
    </svg>
  )
}

function PauseIcon() {
  return (
    <svg {...iconProps}>
      <path d="M7 5h3v14H7zM14 5h3v14h-3z" />
    </svg>
  )
}

function MutedIcon() {
  return (
    <svg {...iconProps}>
      <path d="M11 5 6 9H3v6h3l5 4V5Z" />
      <path
        d="m16 9 5 6m0-6-5 6"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  )
}

function SoundIcon() {
  return (
    <svg {...iconProps}>
      <path d="M11 5 6 9H3v6h3l5 4V5Z" />
      <path
        d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  )
}
