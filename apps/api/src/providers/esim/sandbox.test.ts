import { isLuhnValid } from '@esim/contract/payment-card';
import { describe, expect, it } from 'vitest';
import { EsimProviderError } from './esim-provider.ts';
import { SandboxEsimProvider } from './sandbox.ts';

describe('SandboxEsimProvider.createOrder', () => {
  const provider = new SandboxEsimProvider();

  it('returns Luhn-valid 19-digit ICCIDs with an SM-DP+ address and matching id', async () => {
    const order = await provider.createOrder({ reference: 'line-1', bundle: 'esim_1GB_7D_TR_V2', quantity: 3 });
    expect(order.esims).toHaveLength(3);
    for (const esim of order.esims) {
      expect(esim.iccid).toMatch(/^8944\d{15}$/);
      expect(isLuhnValid(esim.iccid)).toBe(true);
      expect(esim.matchingId).toMatch(/^[0-9A-F]{32}$/);
      expect(esim.smdpAddress).toContain('.');
    }
    expect(new Set(order.esims.map((e) => e.iccid)).size).toBe(3);
  });

  it('is idempotent by reference', async () => {
    const a = await provider.createOrder({ reference: 'line-2', bundle: 'esim_1GB_7D_TR_V2', quantity: 2 });
    const b = await provider.createOrder({ reference: 'line-2', bundle: 'esim_1GB_7D_TR_V2', quantity: 2 });
    const c = await provider.createOrder({ reference: 'line-3', bundle: 'esim_1GB_7D_TR_V2', quantity: 2 });
    expect(b).toEqual(a);
    expect(c.esims[0]?.iccid).not.toBe(a.esims[0]?.iccid);
  });

  it('refuses an unknown bundle without retry', async () => {
    const error = await provider.createOrder({ reference: 'x', bundle: 'esim_nope', quantity: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EsimProviderError);
    expect((error as EsimProviderError).retryable).toBe(false);
  });

  it('fails on demand', async () => {
    const failing = new SandboxEsimProvider({ failOrder: () => new EsimProviderError('Too many requests', true, 429) });
    await expect(failing.createOrder({ reference: 'y', bundle: 'esim_1GB_7D_TR_V2', quantity: 1 })).rejects.toThrow('Too many requests');
  });
});
