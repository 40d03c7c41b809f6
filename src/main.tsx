import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Framed by a clinic's site through /embed.js.
if (window.parent !== window) void import('./lib/start-embedding').then(({ startEmbedding }) => startEmbedding());
