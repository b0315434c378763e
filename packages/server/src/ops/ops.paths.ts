/** The operations endpoints: outside the API prefixes, on the API port (and a worker's REGIE_METRICS_PORT). */
export const METRICS_PATH = '/metrics';
export const LIVENESS_PATH = '/livez';
export const READINESS_PATH = '/readyz';
export const OPS_PATHS: readonly string[] = [METRICS_PATH, LIVENESS_PATH, READINESS_PATH];
