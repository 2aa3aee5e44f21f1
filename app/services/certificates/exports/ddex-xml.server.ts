// Just enough XML to write a DDEX message: escaped text, elements indented two spaces a level.

// XML 1.0 allows tab, line feed, carriage return and everything from U+0020 except the surrogates
// and U+FFFE/U+FFFF; anything else (a NUL, an unpaired surrogate) becomes U+FFFD, never dropped
// unseen.
const NOT_XML_CHARACTER =
  /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]|[\uD800-\uDFFF]/gu

export function xmlText(value: string) {
  return value
    .replace(NOT_XML_CHARACTER, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

/** An element: its text, or its child elements (already written), or nothing. */
export interface XmlElement {
  name: string
  attributes?: Record<string, string | undefined>
  text?: string
  children?: (XmlElement | null)[]
}

export const el = (
  name: string,
  content?: string | (XmlElement | null)[],
  attributes?: Record<string, string | undefined>,
): XmlElement =>
  typeof content === 'string'
    ? { name, text: content, attributes }
    : { name, children: content ?? [], attributes }

function attributeText(attributes: XmlElement['attributes']) {
  return Object.entries(attributes ?? {})
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${xmlText(value)}"`)
    .join('')
}

function write(element: XmlElement, depth: number): string {
  const indent = '  '.repeat(depth)
  const open = `${element.name}${attributeText(element.attributes)}`
  if (element.text !== undefined)
    return `${indent}<${open}>${xmlText(element.text)}</${element.name}>`
  const children = (element.children ?? []).filter((c): c is XmlElement => c !== null)
  if (children.length === 0) return `${indent}<${open}/>`
  return [
    `${indent}<${open}>`,
    ...children.map((child) => write(child, depth + 1)),
    `${indent}</${element.name}>`,
  ].join('\n')
}

export function xmlDocument(root: XmlElement) {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${write(root, 0)}\n`
}
