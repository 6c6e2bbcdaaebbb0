/// <reference types="node" />

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the server started by the global setup listens, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
  }
}

export {};
