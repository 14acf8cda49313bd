/**
 * The element ids a server-rendered page shares between the API, which writes them into
 * `index.html`, and the storefront, which reads them while hydrating (decision record 0022).
 * `index.html` itself spells the root's id, `root`, as HTML cannot import.
 */

/** The `id` of the element the app renders into; the server fills it with the page's markup. */
export const SSR_ROOT_ID = 'root';

/** The `id` of the `<script type="application/json">` that carries a server-rendered page's state. */
export const SSR_STATE_ID = 'ssr-state';

/** The `id` of the `<script type="application/json">` listing the screen's chunks to preload (`/assets/...` URLs). */
export const SSR_PRELOAD_ID = 'ssr-preload';
