/**
 * The libraries every page runs besides React (the `framework` chunk, `vite.config.ts`), imported
 * by `main.tsx` on their own, after React (`framework-react.ts`) and before the app. The browser
 * evaluates a dynamic import's modules in one task, so importing React, these libraries and the
 * app (`boot.tsx`) one after the other, with a yield between, splits what was one long task (40 ms
 * at full speed, about 160 ms on Lighthouse's phone) in three (less total blocking time).
 * Exports a few names so that the bundler keeps the imports.
 */
export { QueryClient } from '@tanstack/react-query';
export { default as i18next } from 'i18next';
export { initReactI18next } from 'react-i18next';
export { Router } from 'wouter';
