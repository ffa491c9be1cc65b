import { createContext, useContext } from "react";

const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
/** The request's CSP nonce while rendering on the server; empty in the browser, which needs none. */
export const useNonce = () => useContext(NonceContext);
