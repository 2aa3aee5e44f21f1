// Every area's English messages. An area is one PO file per language (app/i18n/locales/<lang>/
// <area>.po), so translators of different areas never edit the same file; a page's loader sends
// the areas it shows (decision 120). A new area: its file here, its line below, its PO files.
import { auth } from './auth.server'
import { words } from './words.server'
import { dashboard } from './dashboard.server'
import { registration } from './registration.server'
import { form } from './form.server'
import { song } from './song.server'
import { certificate } from './certificate.server'
import { cowriters } from './cowriters.server'
import { help } from './help.server'
import { pdf } from './pdf.server'
import { landing } from './landing.server'
import { mails } from './mails.server'
import { settings } from './settings.server'
import { shell } from './shell.server'
import { verify } from './verify.server'

export const AREAS = {
  shell,
  landing,
  auth,
  verify,
  settings,
  mails,
  words,
  dashboard,
  registration,
  form,
  song,
  certificate,
  cowriters,
  help,
  pdf,
} as const

export type Area = keyof typeof AREAS
export type MessageId = { [A in Area]: keyof (typeof AREAS)[A] }[Area]
