export * from './frames.js';
export * from './freshness.js';
export * from './topics.js';
