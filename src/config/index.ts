// Environment → validated, frozen Config. Every knob of the process is read here, once, each
// by its section (one file per section: its variables' table and its parser).
import { authoringSettings, type AuthoringSettings } from "./authoring.js";
import { databaseTarget, type DatabaseTarget } from "./database.js";
import { deskSettings, type DeskSettings } from "./desk.js";
import { limitSettings, rateSettings, type LimitSettings, type RedisSettings } from "./limits.js";
import { serverSettings, type ServerSettings } from "./serve.js";
import { webhookSettings, type WebhookSettings } from "./webhooks.js";

export { ConfigError, parseInteger } from "./parse.js";
export { DEFAULT_CACHE_CONTROL, metricsServed } from "./serve.js";
export {
  DEFAULT_POSTGRES_SETTINGS,
  parseDatabaseUrl,
  type DatabaseTarget,
  type PostgresSettings,
} from "./database.js";
export type { AuthoringSettings, DeskSettings, LimitSettings, RedisSettings, WebhookSettings };

export interface Config extends ServerSettings {
  readonly database: DatabaseTarget;
  /** Requests per minute per client; 0 turns limiting off. */
  readonly rateLimit: number;
  /** Where rate-limit counters are shared between processes; undefined: each counts alone. */
  readonly redis: RedisSettings | undefined;
  /** What one client may cost: connections, timeouts, rate, overload (limits.ts). */
  readonly limits: LimitSettings;
  /** API keys, write bodies and rates, page views (authoring.ts). */
  readonly authoring: AuthoringSettings;
  /** Webhook delivery: timers, concurrency, address safety (webhooks.ts). */
  readonly webhooks: WebhookSettings;
  /** The writer's desk: invites, sessions, uploads (desk.ts). */
  readonly desk: DeskSettings;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return Object.freeze({
    database: databaseTarget(env),
    ...serverSettings(env),
    ...rateSettings(env),
    limits: limitSettings(env),
    authoring: authoringSettings(env),
    webhooks: webhookSettings(env),
    desk: deskSettings(env),
  });
}
