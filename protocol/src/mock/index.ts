/**
 * @pipstream/protocol/mock — a complete, durable stand-in for the trading backend: every REST
 * call of the route table, the realtime socket, a market simulator and a trading engine, with a
 * control API for tests and demos. Node only.
 */
export { MOCK_ENV, MOCK_ENV_VARS, type MockCommand, parseMockArgs } from './cli-args.js';
export { type MockConfig, type MockOptions, mockOptionsSchema } from './config.js';
export { CONTROL_PREFIX } from './http/control.js';
export { createMockUpstream, type MockUpstream } from './server.js';
