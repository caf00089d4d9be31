export * from './frames.js';
export * from './freshness.js';
export * from './keep-alive.js';
export * from './topics.js';
