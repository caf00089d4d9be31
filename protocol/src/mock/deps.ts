import type { Clock } from './clock.js';
import type { MockConfig } from './config.js';
import type { MockEvents } from './events.js';
import type { Messages } from './messages.js';
import type { Rng } from './rng.js';
import type { Db } from './store/db.js';

/** What every service of the mock is built from. One instance per running mock. */
export interface MockDeps {
  readonly db: Db;
  readonly rng: Rng;
  readonly clock: Clock;
  readonly messages: Messages;
  readonly events: MockEvents;
  readonly config: MockConfig;
}
