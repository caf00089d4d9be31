/**
 * The live Web Worker: owns the realtime socket and every live figure, and posts the main
 * thread one batch of changes per animation frame at most (DESIGN "Web rules").
 */
import { expose } from 'comlink';
import { createLiveCore } from './core.js';

expose(createLiveCore());
