/**
 * The trading arithmetic (docs/product.md#constants) as pure functions, shared by the web worker
 * (plain numbers, on every tick) and the mock upstream (exact micro-units, for the ledger).
 */
export * from './account.js';
export * from './alerts.js';
export * from './candles.js';
export * from './decimal.js';
export * from './display.js';
export * from './execution.js';
export * from './fee.js';
export * from './localized.js';
export * from './lots.js';
export * from './margin.js';
export * from './money.js';
export * from './pip.js';
export * from './pnl.js';
export * from './risk.js';
export * from './rounding.js';
export * from './side.js';
export * from './stops.js';
export * from './trailing.js';
export * from './triggers.js';
export * from './withdraw.js';
