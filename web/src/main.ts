// The entry. First the live worker (app/start-worker.ts), then the styles and the start-up
// (app/boot.ts).
import './app/start-worker.js';
import './styles/index.css';
import { boot } from './app/boot.js';
import { tidyAddress } from './nav/address.js';

const root = document.getElementById('root');
// Old hash links become path routes, and a link's language leaves the address, before the
// router reads it (nav/address.ts).
tidyAddress();
if (root) boot(root);
