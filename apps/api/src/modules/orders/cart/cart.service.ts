import { type Cart, type CartItem, MAX_CART_LINES, MAX_LINE_QUANTITY, cartTotals } from '@esim/contract/cart';
import { NotFoundError, ValidationError } from '../../../lib/errors.ts';
import type { CatalogService } from '../../catalog/catalog.module.ts';
import type { CartLineRow, CartRepository } from './cart.repository.ts';

/**
 * The server-side cart (docs/product-rules.md#cart): lines of product and
 * quantity keyed by the visitor session id. Prices are never stored with a line; every cart shown
 * embeds the product as the catalogue sells it now, and its totals are derived with `cartTotals`
 * (integer US cents). Knows neither HTTP nor SQL; reaches products only through the catalogue.
 *
 * Every method takes an already validated session id (`sessionIdSchema`) and touches only that
 * session's lines. Each call costs one SQL statement (changes read the cart back in the same one).
 */
export class CartService {
  constructor(
    private readonly repo: CartRepository,
    private readonly catalog: CatalogService,
  ) {}

  /** The session's cart, lines ordered by line id; an empty cart for a new session. */
  async getCart(sessionId: string): Promise<Cart> {
    return this.toCart(await this.repo.lines(sessionId));
  }

  /**
   * Adds `quantity` (1 to `MAX_LINE_QUANTITY`) of an active product to its line, creating the line
   * when the cart has none for it. Atomic: concurrent adds are all counted.
   * @returns the whole cart after the change.
   * @throws NotFoundError (field `productId`) when the product is unknown or no longer sold.
   * @throws ValidationError (field `quantity`) when the line would hold more than `MAX_LINE_QUANTITY`.
   * @throws ValidationError when a new line would make more than `MAX_CART_LINES` lines.
   */
  async addItem(sessionId: string, productId: number, quantity: number): Promise<Cart> {
    if (!(await this.catalog.activeProducts([productId])).has(productId)) {
      throw new NotFoundError(`Product ${productId} not found`, 'productId');
    }
    const { changed, lines } = await this.repo.addQuantity(sessionId, productId, quantity, {
      maxLineQuantity: MAX_LINE_QUANTITY,
      maxLines: MAX_CART_LINES,
    });
    if (!changed) throw await this.whyNotAdded(sessionId, lines, productId, quantity);
    return this.toCart(lines);
  }

  /**
   * Sets the quantity of one of the session's lines; 0 or less removes the line (docs/product-rules.md#cart).
   * @returns the whole cart after the change.
   * @throws NotFoundError when the session has no line `id` (another session's line included).
   */
  async updateItem(sessionId: string, id: number, quantity: number): Promise<Cart> {
    const { changed, lines } =
      quantity > 0 ? await this.repo.setQuantity(sessionId, id, quantity) : await this.repo.removeLine(sessionId, id);
    if (!changed) throw new NotFoundError(`Cart item ${id} not found`);
    return this.toCart(lines);
  }

  /**
   * Removes one of the session's lines. Removing a line that is already gone (or that belongs to
   * another session, which is left untouched) is a success, so a
   * retried or doubled removal is not an error.
   */
  async removeItem(sessionId: string, id: number): Promise<void> {
    await this.repo.removeLine(sessionId, id);
  }

  /** Removes every line of the session. */
  async clear(sessionId: string): Promise<void> {
    await this.repo.clear(sessionId);
  }

  /** Builds the public cart from stored lines: embeds current products and derives the totals. */
  private async toCart(lines: readonly CartLineRow[]): Promise<Cart> {
    const products = lines.length > 0 ? await this.catalog.activeProducts(lines.map((l) => l.productId)) : undefined;
    const items: CartItem[] = lines.map((line) => {
      const product = products?.get(line.productId) ?? null;
      return {
        id: line.id,
        productId: line.productId,
        quantity: line.quantity,
        product,
        lineTotalCents: product ? line.quantity * product.priceCents : 0,
      };
    });
    return { items, ...cartTotals(items), currency: 'USD' };
  }

  /**
   * Tells why an add wrote nothing. Runs only on that failure path, which alone may cost two more
   * look-ups. The line is read again rather than taken from `seen`: under concurrent adds the add's
   * snapshot may show a lower quantity than the one the refusal was based on.
   */
  private async whyNotAdded(
    sessionId: string,
    seen: readonly CartLineRow[],
    productId: number,
    quantity: number,
  ): Promise<Error> {
    const notFound = new NotFoundError(`Product ${productId} not found`, 'productId');
    if (!(await this.catalog.activeProducts([productId])).has(productId)) return notFound;
    const current = await this.repo.lineQuantity(sessionId, productId);
    if (current !== undefined && current + quantity > MAX_LINE_QUANTITY) {
      return new ValidationError(
        `quantity: a cart line holds at most ${MAX_LINE_QUANTITY} of one plan; it has ${current}, adding ${quantity} would make ${current + quantity}`,
        'quantity',
      );
    }
    if (current === undefined && seen.length >= MAX_CART_LINES) {
      return new ValidationError(`A cart holds at most ${MAX_CART_LINES} different plans; remove one first`);
    }
    // The catalogue snapshot still lists a product the database no longer sells (a sync elsewhere).
    return notFound;
  }
}
