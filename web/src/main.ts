// The entry: styles, then the start-up (app/boot.ts).
import './styles/index.css';
import { boot } from './app/boot.js';

const root = document.getElementById('root');
if (root) boot(root);
