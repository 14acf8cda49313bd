/**
 * `use-sync-external-store/shim` for a React that has the hook (React 18 and later): the build
 * aliases the shim to this module (`vite.config.ts`), so the libraries that import the shim for
 * older Reacts (wouter, react-i18next) use React's own `useSyncExternalStore` and the bundle
 * carries no copy of the shim, which every page would download.
 */
export { useSyncExternalStore } from 'react';
