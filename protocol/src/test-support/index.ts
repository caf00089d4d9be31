/**
 * The test support every package imports (protocol, gateway, bench, load, tests): waits on a
 * condition, processes on free ports, a replayable random source, and the preconditions tests
 * and benches set up the way a trader does. Node only; left out of the published build.
 */
export { seededRandom } from '../mock/rng.js';
export { declareCoinDeposit, PNG_1X1 } from './deposits.js';
export { createFrameLog, type FrameLog } from './frame-log.js';
export { minimumMarketBuy } from './orders.js';
export {
  freePort,
  printed,
  type Started,
  type StartOptions,
  start,
  stop,
} from './processes.js';
export { sleep, until, waitFor } from './wait.js';
