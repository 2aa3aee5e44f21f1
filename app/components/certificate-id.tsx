import { Fragment } from 'react'
import { CERTIFICATE_ID_SOURCE } from '~/lib/identifiers'

// A certificate ID is read, typed and compared whole: "PT-7KQ2-" at a line's end and "M9XD" on
// the next reads as two things (issue 49.4). The browser may break a line at a hyphen, so an ID
// is kept on one line by CSS; its characters stay the ASCII ones, so a copied ID still matches.

const ANY_ID = new RegExp(`(${CERTIFICATE_ID_SOURCE})`)

/** One certificate ID, never broken across lines. */
export function CertificateId({ id, className = '' }: { id: string; className?: string }) {
  return (
    <span className={`whitespace-nowrap ${className}`} data-certificate-id="">
      {id}
    </span>
  )
}

/** A text with every certificate ID in it kept whole; the rest wraps as its container says. */
export function WithWholeIds({ text }: { text: string }) {
  const parts = text.split(ANY_ID)
  if (parts.length === 1) return <>{text}</>
  return (
    <>
      {parts.map((part, index) =>
        // split() with a capture group puts each ID at an odd index.
        index % 2 === 1 ? <CertificateId key={index} id={part} /> : part,
      )}
    </>
  )
}

/**
 * An address that may break only after a slash ("https://host/" "verify/" "PT-…"), never inside
 * a part: at a phone's width it goes onto two lines at a slash, and its ID stays whole. Each part
 * is kept on one line; `<wbr>` adds no character, so the address copies as it is.
 */
export function AddressAtSlashes({ address }: { address: string }) {
  const parts = address.split(/(?<=\/)(?!\/)/)
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          <span className="whitespace-nowrap">{part}</span>
        </Fragment>
      ))}
    </>
  )
}
