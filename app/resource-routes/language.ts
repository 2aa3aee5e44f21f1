import { type ActionFunctionArgs, redirect } from '@remix-run/node'
import { z } from 'zod'
import { setAccountLocale } from '~/i18n/account-locale.server'
import { languageCookie } from '~/i18n/locale.server'
import { isLocale } from '~/i18n/locales'
import { readForm } from '~/lib/form.server'
import { methodNotAllowed, plainTextResponse } from '~/lib/http.server'
import { safeRedirect } from '~/lib/redirect'
import { getUser } from '~/services/accounts/auth.server'
import { db } from '~/services/platform/db.server'

// The footer's and Settings' language form (issue 54): a plain post, answered by a redirect back
// to the page it was sent from (PRG), so it works without JavaScript. Cross-site posts never get
// here: server/guards.mjs refuses them for every route.
const LanguageFormSchema = z.object({
  language: z.string().refine(isLocale, 'Choose one of the languages in the list.'),
  // Any length: safeRedirect sends a target it does not accept (or an overlong one) home.
  redirectTo: z.string().optional(),
})

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request, { fields: ['language', 'redirectTo'] })
  const parsed = LanguageFormSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success || !isLocale(parsed.data.language))
    return plainTextResponse(400, 'Choose one of the languages in the list.')
  const { language, redirectTo } = parsed.data
  const user = await getUser(request)
  if (user) await setAccountLocale(db(), user.id, language)
  return redirect(safeRedirect(redirectTo), { headers: { 'Set-Cookie': languageCookie(language) } })
}

export const loader = methodNotAllowed
