import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { SiteOrigins } from './site-origins.js';

/**
 * Security headers of the web app. The Content-Security-Policy allows scripts from this origin
 * only — no inline script, no `eval` — and the connections the app makes: REST and the socket
 * on this host ('self' covers ws: and wss: of it too), the configured upstream's origins and
 * the support chat's host; frames of this host and of the support chat's host the upstream's base settings name
 * (`origins`, read at run time: nothing else outside), and images of this host, the upstream
 * and the logos' hosts. Styles may be inline: React sets
 * `style` attributes and the chart library writes styles; that is not script.
 */
export const helmetOptions = (origins: SiteOrigins): FastifyHelmetOptions => ({
  global: true,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // The captcha and previews are data: and blob: URLs; logos come from the hosts the
      // upstream's data names.
      imgSrc: ["'self'", 'data:', 'blob:', () => origins.image().join(' ')],
      fontSrc: ["'self'", 'data:'],
      // The support chat's host too: the chat asks it whether it answers before trusting a frame
      // that may show the browser's error page (a request whose answer it cannot read).
      connectSrc: [
        "'self'",
        () => [...new Set([...origins.connect(), ...origins.frame()])].join(' '),
      ],
      // The support chat (/mine/chat) embeds the support page the base settings name.
      frameSrc: ["'self'", () => origins.frame().join(' ')],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
      // No upgrade-insecure-requests: `npm start` serves plain http to phones on the LAN.
    },
  },
});
