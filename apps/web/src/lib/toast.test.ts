import { describe, expect, it, vi } from 'vitest';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

describe('the toast region on demand', () => {
  it('tells the listeners once, at the first request, and later listeners at once', async () => {
    vi.resetModules();
    const { onToastRegionRequested, requestToastRegion } = await import('./toast.ts');
    const first = vi.fn();
    const stopped = vi.fn();
    onToastRegionRequested(first);
    const stop = onToastRegionRequested(stopped);
    stop();
    expect(first).not.toHaveBeenCalled();
    requestToastRegion();
    requestToastRegion();
    expect(first).toHaveBeenCalledTimes(1);
    expect(stopped).not.toHaveBeenCalled();
    const late = vi.fn();
    onToastRegionRequested(late);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it("showToast asks for the region and shows the toast with its kind's duration", async () => {
    vi.resetModules();
    const { onToastRegionRequested, showToast, ERROR_TOAST_MS } = await import('./toast.ts');
    const { toast } = await import('sonner');
    const listener = vi.fn();
    onToastRegionRequested(listener);
    await showToast('error', 'Error loading products', { id: 'x' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith('Error loading products', { duration: ERROR_TOAST_MS, id: 'x' });
  });
});
