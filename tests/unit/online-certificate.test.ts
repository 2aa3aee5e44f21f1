import { expect, test } from 'vitest'
import { onlineCertificate, PDF_NOT_PUBLIC_YET } from '~/lib/certificate'

// Decision 050: a link to the certificate (Share, the PDF's QR code) only once anyone can open it.
const url = 'https://prooftrack.example/certificate/7'

test('before a confirmed registration there is no link, only the note that it becomes public', () => {
  for (const registration of [null, { status: 'pending' }, { status: 'failed' }])
    expect(onlineCertificate({ registration }, url)).toEqual({
      public: false,
      note: PDF_NOT_PUBLIC_YET,
    })
})

test('a registered certificate is offered by its address', () => {
  expect(onlineCertificate({ registration: { status: 'confirmed' } }, url)).toEqual({
    public: true,
    url,
    label: 'Scan to view online',
  })
})
