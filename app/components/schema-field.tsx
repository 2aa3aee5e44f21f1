import { type FieldMetadata, getInputProps } from '@conform-to/react'
import type { InputHTMLAttributes, ReactNode } from 'react'
import { Field } from './forms'
import { PasswordField } from './password-field'

type SchemaFieldProps = {
  /** The field's metadata from `useForm`: its name, id, constraints, default value and errors. */
  meta: FieldMetadata<string>
  type: 'text' | 'email' | 'password'
  label: string
  hint?: ReactNode
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'name' | 'id' | 'defaultValue'>

/**
 * One schema field of a form as a labelled input, so a route names only what differs (label,
 * autocomplete, hint); a password gets the show/hide toggle.
 */
export function SchemaField({ meta, type, hint, ...props }: SchemaFieldProps) {
  const inputProps = { ...props, errors: meta.errors, ...getInputProps(meta, { type }) }
  return type === 'password' ? (
    <PasswordField hint={hint} {...inputProps} />
  ) : (
    <Field hint={hint} {...inputProps} />
  )
}
