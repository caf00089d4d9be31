import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * Security headers of the web app. The Content-Security-Policy allows scripts from this origin
 * only — no inline script, no `eval` — and the connections the app makes: REST and the socket
 * on this host, or on the `api.` host SPEC §7 derives from the page host (any https/wss origin,
 * since that host is only known at run time). Styles may be inline: React sets `style`
 * attributes and the chart library writes styles; that is not script.
 */
export const helmetOptions: FastifyHelmetOptions = {
  global: true,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'https:', 'ws:', 'wss:'],
      // The support chat (/mine/chat) embeds the site's own support page, whose host is only
      // known at run time (base settings): any https origin, as for images and connections.
      frameSrc: ["'self'", 'https:'],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
      // No upgrade-insecure-requests: `npm start` serves plain http to phones on the LAN.
    },
  },
};
