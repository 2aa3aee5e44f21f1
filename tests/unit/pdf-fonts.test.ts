import { expect, test } from 'vitest'
import { prepareFonts } from '~/services/certificates/documents/pdf-fonts.server'
import { layout } from '~/services/certificates/documents/pdf-text.server'
import { startPdf } from '~/services/certificates/documents/pdf-document.server'

// Issue 37: a document worker warms its fonts while its first job may already be preparing
// its own: font files decompressed at the same time must each come out whole.
test('fonts made ready at the same time are each whole', async () => {
  const texts = ['שלום', 'مرحبا', 'प्रिया', 'สวัสดี', '🔥 𝄞', 'Привет Ŝ']
  await Promise.all(texts.map((text) => prepareFonts(text)))
  const { doc, end } = startPdf({ Title: 'fonts' })
  for (const text of texts) {
    const [line] = layout(doc, text, 400).lines
    expect(
      line?.every((piece) => piece.width > 0),
      text,
    ).toBe(true)
  }
  await end('fonts')
})
