/**
 * Chart indicators as pure functions over a chart's candle columns: moving averages (simple and
 * exponential), Bollinger Bands, RSI (Wilder), MACD and volume, the per-device choice of them,
 * and the candle columns both the chart and the live worker keep.
 */
export * from './columns.js';
export * from './lines.js';
export * from './moving-average.js';
export * from './oscillators.js';
export * from './settings.js';
