import { BUILD_ENVIRONMENTS, type BuildEnvironment, isProductionBuild } from '@regie/contract/ui';

function parse(value: string | undefined): BuildEnvironment {
  return BUILD_ENVIRONMENTS.find((candidate) => candidate === value) ?? 'development';
}

/** Set at build time (vite.config.ts): development, staging or production. */
export const BUILD_ENVIRONMENT: BuildEnvironment = parse(import.meta.env.VITE_REGIE_ENV);
export const PRODUCTION_BUILD = isProductionBuild(BUILD_ENVIRONMENT);
