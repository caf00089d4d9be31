/**
 * The names the web build, the gateway and the app share for the first screen in the page
 * (docs/architecture.md#the-first-screen-in-the-page). Plain constants, apart from the schemas
 * (schemas/first-screen.ts): the app's entry imports them without building any zod schema.
 */

/** The file of the web build that holds every language's texts of the first screen. */
export const FIRST_SCREEN_TEXTS_FILE = 'first-screen.json';

/** The id of the page's JSON data block (`<script type="application/json">`). */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

/** The id of the element that holds the first screen the gateway painted. */
export const FIRST_SCREEN_ID = 'first-screen';

/**
 * The cookie the app keeps the chosen language in (its code alone, nothing of the account):
 * the gateway paints the page in it.
 */
export const LANGUAGE_COOKIE = 'pipstream_lang';
