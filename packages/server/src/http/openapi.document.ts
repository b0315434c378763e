/**
 * What the OpenAPI document needs beyond the type provider's per-route schemas, so that a client
 * generator accepts it: one operationId per operation, a named parameter for the wildcard routes,
 * and no component that nothing refers to.
 */

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);
const SCHEMA_REF = '#/components/schemas/';

/** The name a wildcard route (`/media/*`) gives its tail in the document: `/media/{path}`. */
export const WILDCARD_PARAM = 'path';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const pascal = (text: string): string =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join('');

/**
 * `GET /main-api/events/{id}/markers` → `getEventsMarkers`, `PUT /main-api/tags/{id}` →
 * `putTagsById`: the method, then the path without its gateway (`main-api`, `users-service-api`,
 * `api`), a path parameter named only when it ends the path. Made from the route alone, so an id
 * never changes because another route was added; the test checks they stay unique.
 */
export function operationIdOf(method: string, path: string): string {
  const segments = path.split('/').filter(Boolean);
  if (segments[0]?.endsWith('api')) segments.shift();
  let id = method.toLowerCase();
  segments.forEach((segment, index) => {
    const parameter = /^\{(.+)\}$/.exec(segment)?.[1];
    if (parameter === undefined) id += pascal(segment);
    else if (index === segments.length - 1) id += `By${pascal(parameter)}`;
  });
  return id;
}

/** Gives every operation without a declared operationId the one made from its method and path. */
export function nameOperations(paths: Json): void {
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (METHODS.has(method) && isObject(operation) && operation.operationId === undefined) {
        operation.operationId = operationIdOf(method, path);
      }
    }
  }
}

/** Every component schema name a `$ref` in `value` points to. */
function collectRefs(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectRefs(item, found);
    return;
  }
  if (!isObject(value)) return;
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string' && child.startsWith(SCHEMA_REF)) {
      found.add(child.slice(SCHEMA_REF.length));
    } else collectRefs(child, found);
  }
}

/**
 * Keeps only the component schemas the operations reach (directly or through another component):
 * the type provider writes an input and an output form of every named schema, and most are only
 * ever one of the two.
 */
export function dropUnusedSchemas(document: Json): void {
  const components = document.components;
  if (!isObject(components) || !isObject(components.schemas)) return;
  const schemas = components.schemas;
  const reached = new Set<string>();
  collectRefs({ ...document, components: { ...components, schemas: {} } }, reached);
  const pending = [...reached];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    const more = new Set<string>();
    collectRefs(schemas[name], more);
    for (const next of more) {
      if (!reached.has(next)) {
        reached.add(next);
        pending.push(next);
      }
    }
  }
  components.schemas = Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name)));
}

/**
 * `/media/*` as `/media/:path`, its `*` parameter renamed: Fastify's wildcard would otherwise be
 * documented as `/media/{*}` with a parameter named `*`, which no client generator accepts.
 */
export function nameWildcard(url: string, params: unknown): { url: string; params: unknown } {
  if (!url.endsWith('/*')) return { url, params };
  const renamed = { url: `${url.slice(0, -1)}:${WILDCARD_PARAM}`, params };
  if (!isObject(params) || !isObject(params.properties) || !('*' in params.properties)) return renamed;
  const { '*': tail, ...others } = params.properties;
  const required = Array.isArray(params.required)
    ? params.required.map((name) => (name === '*' ? WILDCARD_PARAM : name))
    : params.required;
  const described = isObject(tail) ? { description: 'The rest of the path, slashes included', ...tail } : tail;
  renamed.params = { ...params, properties: { ...others, [WILDCARD_PARAM]: described }, required };
  return renamed;
}
