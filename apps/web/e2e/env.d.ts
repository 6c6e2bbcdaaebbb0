/// <reference types="node" />

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the server started by the global setup listens, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
    /** Private JWK (with kid) of the local stand-in for Google's key set, to sign ID tokens. */
    googleSigningKey: string;
    /** Folder where every e-mail the shop sends arrives, one JSON file ({ to, subject, text }) each. */
    mailDir: string;
  }
}

export {};
