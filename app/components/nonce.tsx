import { createContext, useContext } from 'react'

// The per-request CSP nonce reaches <Scripts> through context; in the browser it is empty,
// because browsers hide nonce attributes from script anyway.
export const NonceContext = createContext('')
export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)
