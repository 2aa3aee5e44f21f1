import { useFormAction, useNavigation } from '@remix-run/react'
import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * Whether JavaScript runs the page: false when rendered on the server and while the browser
 * hydrates that markup (so both show the no-JavaScript version), true from then on, and at once
 * for anything the browser mounts later.
 */
export function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}

/**
 * Whether this route's form (or the one at `formAction`) is being sent, as Epic Stack's
 * `useIsPending`; `intent` narrows it to the button that carries that intent.
 */
export function useIsPending({
  formAction,
  formMethod = 'POST',
  state = 'submitting',
  intent,
}: {
  formAction?: string
  formMethod?: 'POST' | 'GET' | 'PUT' | 'PATCH' | 'DELETE'
  state?: 'submitting' | 'loading' | 'non-idle'
  intent?: string
} = {}) {
  const contextualFormAction = useFormAction()
  const navigation = useNavigation()
  const inState = state === 'non-idle' ? navigation.state !== 'idle' : navigation.state === state
  return (
    inState &&
    navigation.formAction === (formAction ?? contextualFormAction) &&
    navigation.formMethod === formMethod &&
    (intent === undefined || navigation.formData?.get('intent') === intent)
  )
}
