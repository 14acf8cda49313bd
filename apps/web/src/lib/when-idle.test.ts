import { afterEach, describe, expect, it, vi } from 'vitest';

/** A window whose idle callbacks run when the test says so. */
function idleWindow() {
  const callbacks = new Map<number, () => void>();
  let next = 1;
  const win = {
    requestIdleCallback: vi.fn((callback: () => void, _options?: { timeout: number }) => {
      callbacks.set(next, callback);
      return next++;
    }),
    cancelIdleCallback: vi.fn((handle: number) => void callbacks.delete(handle)),
    setTimeout: vi.fn(),
    clearTimeout: vi.fn(),
  };
  vi.stubGlobal('window', win);
  return {
    win,
    runIdle() {
      const pending = [...callbacks.values()];
      callbacks.clear();
      for (const callback of pending) callback();
    },
  };
}

describe('whenIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('runs the task in an idle callback with a time limit, and can be cancelled', async () => {
    const { whenIdle } = await import('./when-idle.ts');
    const { win, runIdle } = idleWindow();
    const task = vi.fn();
    whenIdle(task, { timeoutMs: 3000 });
    expect(win.requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 3000 });
    expect(task).not.toHaveBeenCalled();
    runIdle();
    expect(task).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    whenIdle(cancelled)();
    runIdle();
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('falls back to a timer where requestIdleCallback is missing (Safari)', async () => {
    const { whenIdle } = await import('./when-idle.ts');
    const setTimeout = vi.fn(() => 7);
    const clearTimeout = vi.fn();
    vi.stubGlobal('window', { setTimeout, clearTimeout });
    const task = vi.fn();
    whenIdle(task, { fallbackMs: 1500 })();
    expect(setTimeout).toHaveBeenCalledWith(task, 1500);
    expect(clearTimeout).toHaveBeenCalledWith(7);
  });
});

describe('page settled (the cart waits for hydration)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('is settled from the start on a page the browser renders alone', async () => {
    const { isPageSettled } = await import('./when-idle.ts');
    expect(isPageSettled()).toBe(true);
  });

  it('is not settled while a server-rendered page hydrates, then settles at the first idle moment and says so', async () => {
    const { markHydrating, isPageSettled, subscribePageSettled } = await import('./when-idle.ts');
    const { runIdle } = idleWindow();
    const listener = vi.fn();
    const unsubscribe = subscribePageSettled(listener);
    markHydrating();
    expect(isPageSettled()).toBe(false);
    expect(listener).not.toHaveBeenCalled();
    runIdle();
    expect(isPageSettled()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
