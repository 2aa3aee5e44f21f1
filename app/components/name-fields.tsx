import type { FieldMetadata } from '@conform-to/react'
import { useTextOr } from '~/i18n/form-errors'
import { SchemaField } from './schema-field'

/**
 * The one hint for sign-up's username rule, wherever the username is typed. The rule is a–z
 * (issue 52.4): "letters" alone promised 김민지 a username the rule refuses.
 */
export const USERNAME_HINT =
  '3 to 30 characters: Latin letters a–z, digits 0–9 and _. You can sign in with it.'

/**
 * First name, last name and username: the fields sign-up and the profile share, with the same
 * schema rules (app/lib/auth-schemas.ts), so the two forms cannot drift apart.
 */
export function NameFields({
  fields,
}: {
  fields: {
    firstName: FieldMetadata<string>
    lastName: FieldMetadata<string>
    username: FieldMetadata<string>
  }
}) {
  // Sign-up sends the auth area; the profile form, until its page sends it, shows the English.
  const textOr = useTextOr()
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <SchemaField
          meta={fields.firstName}
          type="text"
          label={textOr('auth.register.firstName', 'First name')}
          autoComplete="given-name"
        />
        <SchemaField
          meta={fields.lastName}
          type="text"
          label={textOr('auth.register.lastName', 'Last name')}
          autoComplete="family-name"
        />
      </div>
      <SchemaField
        meta={fields.username}
        type="text"
        label={textOr('auth.register.username', 'Username')}
        autoComplete="username"
        hint={textOr('auth.register.usernameHint', USERNAME_HINT)}
      />
    </>
  )
}
