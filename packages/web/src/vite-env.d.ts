/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** development | staging | production, set at build time (see vite.config.ts). */
  readonly VITE_REGIE_ENV: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
