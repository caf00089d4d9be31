/**
 * @pipstream/protocol — the one place the Pipstream contract is written: shapes (zod schemas,
 * with types inferred from them), the route table, socket frames and topics, the trading
 * arithmetic, and the typed clients built on them.
 */
export * from './arithmetic/index.js';
export * from './client/index.js';
export * from './envelope.js';
export * from './indicators/index.js';
export * from './languages.js';
export * from './routes/index.js';
export * from './schemas/index.js';
export * from './socket/index.js';
export * from './validation.js';
