import type { PhoneOptions } from './browser.js';

/** A common phone held upright, 360×740: the screen a new user walks through. */
export const UPRIGHT: PhoneOptions = { viewport: { width: 360, height: 740 } };

/** The narrowest phone the app serves, 320 px wide: where figures are likeliest to wrap. */
export const NARROW: PhoneOptions = { viewport: { width: 320, height: 740 } };

/** The upright phone turned on its side. */
export const SIDEWAYS: PhoneOptions = { viewport: { width: 740, height: 360 } };
