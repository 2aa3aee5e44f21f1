import type { SerializeFrom } from '@remix-run/node'
import type { VerifyQrCode as QrData } from '~/services/certificates/record/verify-qr.server'
import { useT } from '~/i18n/react'

// The QR code of the verify address, computed on the server (verify-qr.server.ts) and drawn here
// as inline SVG: it prints with the page at any size, sharp, and the browser loads no QR code.

export function VerifyQrCode({
  qr,
  address,
  className = '',
}: {
  qr: SerializeFrom<QrData>
  /** The address the code holds, which a screen reader says instead of the picture. */
  address: string
  className?: string
}) {
  const t = useT()
  const quiet = qr.quietZone
  const side = qr.size + 2 * quiet
  return (
    <svg
      viewBox={`${-quiet} ${-quiet} ${side} ${side}`}
      role="img"
      aria-label={t('certificate.qrLabel', { address })}
      shapeRendering="crispEdges"
      className={className}
      data-testid="certificate-verify-qr"
    >
      <rect x={-quiet} y={-quiet} width={side} height={side} fill="#fff" />
      <path d={qr.path} stroke="#000" strokeWidth={1} fill="none" />
    </svg>
  )
}
