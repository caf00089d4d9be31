// The entry. First the live worker (app/start-worker.ts), then the styles and the start-up
// (app/boot.ts).
import './app/start-worker.js';
import './styles/index.css';
import { boot } from './app/boot.js';

const root = document.getElementById('root');
if (root) boot(root);
