import type { Runtime } from './install';
import { freePort } from './ports';

/** Environment that keeps a headless n8n off the network and quiet on stdout. */
export function n8nEnvironment(
  runtime: Runtime,
  userFolder: string,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: userFolder,
    N8N_USER_FOLDER: userFolder,
    N8N_ENCRYPTION_KEY: 'social-data-e2e-encryption-key',
    N8N_DIAGNOSTICS_ENABLED: 'false',
    N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
    N8N_TEMPLATES_ENABLED: 'false',
    N8N_VERIFIED_PACKAGES_ENABLED: 'false',
    N8N_DYNAMIC_BANNERS_ENABLED: 'false',
    N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
    N8N_PERSONALIZATION_ENABLED: 'false',
    N8N_HIRING_BANNER_ENABLED: 'false',
    N8N_LOG_LEVEL: 'info',
    N8N_LOG_OUTPUT: 'console',
    DB_SQLITE_POOL_SIZE: '2',
    NODE_OPTIONS: '--max-old-space-size=4096',
    ...(runtime.line === 1
      ? { N8N_RUNNERS_ENABLED: 'false', N8N_EXPRESSION_ENGINE: 'legacy' }
      : { N8N_DISABLED_MODULES: 'mcp-registry' }),
    ...extra,
  };
}

/**
 * n8n 2.x starts a task-runner broker in every process (main and worker alike), on port 5679
 * unless told otherwise: processes side by side on one host each need a port of their own.
 */
export async function runnerBrokerEnvironment(runtime: Runtime): Promise<Record<string, string>> {
  return runtime.line === 2 ? { N8N_RUNNERS_BROKER_PORT: String(await freePort()) } : {};
}
