/**
 * React and React DOM (the `react` chunk, `vite.config.ts`), imported by `main.tsx` alone, before
 * the other libraries (`framework.ts`) and the app: the largest module every page runs gets a task
 * of its own (less total blocking time; decision record 0022). Exports a name so that the bundler keeps the import.
 */
export { hydrateRoot } from 'react-dom/client';
