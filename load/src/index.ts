/**
 * @pipstream/load — pipstream-load as a library: merge result files, derive their figures,
 * judge thresholds and generators' saturation.
 */
export { decodeHistogram, encodeHistogram, quantilesOf } from './histogram.js';
export { type Io, main } from './main.js';
export { judgeThresholds, type Thresholds } from './options/thresholds.js';
export { type Figures, figuresOf } from './result/figures.js';
export { mergeResults } from './result/merge.js';
export { type Result, resultSchema } from './result/schema.js';
export * from './saturation.js';
