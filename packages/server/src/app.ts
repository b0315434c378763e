import { JSON_BODY_LIMIT_BYTES } from '@regie/contract/api';
import Fastify, { LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountsRoutes } from './accounts/accounts.routes.ts';
import { searchRoutes } from './accounts/search.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { commonRoutes } from './common/common.routes.ts';
import { markersRoutes } from './common/markers.routes.ts';
import type { AppConfig } from './config.ts';
import { type Database, openDatabase } from './db/database.ts';
import { handleError } from './http/errors.handler.ts';
import { registerJsonParser } from './http/json.parser.ts';
import { registerOpenApi } from './http/openapi.plugin.ts';
import { checkApiVersion } from './http/version.hook.ts';
import { PACKAGE_PATHS } from './package-paths.ts';
import { createGuards, decorateRequests } from './tenancy/tenancy.guards.ts';
import { usersRoutes } from './users/users.routes.ts';
import { registerWebApp } from './web/web.static.ts';

export interface AppDependencies {
  /** An open, migrated database; without one the app opens (and closes) its own from config. */
  database?: Database;
}

/** The whole HTTP application, ready but not listening: tests drive it with inject(). */
export async function buildApp(config: AppConfig, dependencies: AppDependencies = {}) {
  const app = Fastify({
    logger: { level: config.logLevel },
    // One line per request is noise at this scale; errors are logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  let database = dependencies.database;
  if (!database) {
    database = await openDatabase(config);
    await database.migrate();
    const owned = database;
    app.addHook('onClose', () => owned.close());
  }
  const { db } = database;
  const guards = createGuards(db);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  registerJsonParser(app, JSON_BODY_LIMIT_BYTES);
  decorateRequests(app);
  app.addHook('onRequest', checkApiVersion);

  await registerOpenApi(app);
  await app.register(authRoutes, { db, guards });
  await app.register(usersRoutes, { db, guards });
  await app.register(accountsRoutes, { db, guards });
  await app.register(searchRoutes, { db, guards });
  await app.register(commonRoutes, { db, guards, config });
  await app.register(markersRoutes, { db, spritesFolder: PACKAGE_PATHS.sportSprites });
  await registerWebApp(app, config.webDist);

  await app.ready();
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
