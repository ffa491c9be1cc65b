import { createContext, useContext } from "react";

/** What the server's render knows of its request; the browser has neither. */
interface RequestContext {
  /** The CSP nonce that only the scripts Remix renders carry. */
  nonce: string;
  /** The reference logged with any error this request met (and sent as X-Request-Id). */
  requestId: string;
}

const Context = createContext<RequestContext>({ nonce: "", requestId: "" });
export const RequestContextProvider = Context.Provider;
export const useNonce = () => useContext(Context).nonce;
export const useRequestId = () => useContext(Context).requestId;
