import { Fragment } from 'react'
import { formatPercent } from '~/i18n/format'
import { useLocale } from '~/i18n/react'

/**
 * 'Ann 60% / نادية 30% / AI 10%' with each name in its own <bdi>: a right-to-left name would
 * otherwise carry the figure after it to its far side (issue 26), and the figure would read as
 * its neighbour's.
 */
export function Shares({
  shares,
  empty = '',
}: {
  shares: { who: string; percent: number }[]
  empty?: string
}) {
  const locale = useLocale()
  if (shares.length === 0) return <>{empty}</>
  return (
    <>
      {shares.map((share, index) => (
        <Fragment key={index}>
          {index > 0 && ' / '}
          <span data-share="">
            <bdi>{share.who}</bdi>
            {/* "60%", "60 %" in French and German: as the page's language writes it. */}
            {` ${formatPercent(locale, share.percent / 100)}`}
          </span>
        </Fragment>
      ))}
    </>
  )
}
