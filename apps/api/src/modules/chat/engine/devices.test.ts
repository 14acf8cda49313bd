import { describe, expect, it } from 'vitest';
import { findDevice } from './devices.ts';

const verdict = (message: string) => findDevice(message)?.verdict;

describe('device list (iPhone XS/XR and later, Galaxy S20 and later, Pixel 3 and later)', () => {
  it.each([
    'iPhone XS',
    'iPhone XS Max',
    'iPhone XR',
    'iPhone 11',
    'iphone12 mini',
    'iPhone 13 Pro',
    'iPhone 15 Pro Max',
    'iPhone 16e',
    'iPhone Air',
    'iPhone SE 2020',
    'iPhone SE (2nd generation)',
    'iPhone SE 2022',
    'iPhone SE 3rd gen',
    'Galaxy S20',
    'Samsung Galaxy S21 Ultra',
    'galaxy s 23',
    'Samsung S24',
    'Galaxy Z Fold 5',
    'Galaxy Z Flip4',
    'Galaxy Note 20 Ultra',
    'Galaxy A54',
    'Galaxy A35',
    'Pixel 3',
    'Pixel 3a',
    'Google Pixel 6',
    'Pixel 7a',
    'Pixel 9 Pro XL',
    'Pixel Fold',
    'Huawei P40 Pro',
    'Motorola razr 40 ultra',
    'Xiaomi 13T Pro',
    'Oppo Find X5 Pro',
    'Sony Xperia 10 IV',
    'Fairphone 5',
    'OnePlus 12',
  ])('%s supports eSIM', (model) => {
    expect(verdict(model)).toBe('yes');
  });

  it.each([
    'iPhone X',
    'iPhone 8',
    'iPhone 8 Plus',
    'iPhone 7',
    'iPhone SE 2016',
    'iPhone SE (1st generation)',
    'Galaxy S10',
    'Samsung Galaxy S9',
    'galaxy note 10',
    'Pixel 2',
    'Pixel 2 XL',
    'Fairphone 3',
  ])('%s does not', (model) => {
    expect(verdict(model)).toBe('no');
  });

  it.each(['Galaxy A14', 'Huawei P30', 'Moto G54'])('%s is not known either way', (model) => {
    expect(verdict(model)).toBe('unknown');
  });

  it('adds the caveats of regional variants', () => {
    expect(findDevice('iPhone 13')?.notes).toContain('chinaIphone');
    expect(findDevice('Galaxy S22')?.notes).toContain('galaxyRegions');
    expect(findDevice('Pixel 3a')?.notes).toContain('pixel3a');
    expect(findDevice('iPhone SE')).toMatchObject({ verdict: 'yes', notes: expect.arrayContaining(['iphoneSe']) });
  });

  it('names the device as the reply shows it', () => {
    expect(findDevice('is my pixel 7a compatible?')?.device).toBe('Pixel 7a');
    expect(findDevice('IPHONE 15 PRO MAX')?.device).toBe('iPhone 15 Pro Max');
    expect(findDevice('mon galaxy s23 ultra')?.device).toBe('Galaxy S23 Ultra');
  });

  it('finds nothing without a model, or in words that only contain a brand', () => {
    expect(findDevice('my phone')).toBeUndefined();
    expect(findDevice('Samsung')).toBeUndefined();
    expect(findDevice('iPhone X eSIM?')?.device).toBe('iPhone X');
    expect(findDevice('iPad Air')).toMatchObject({ generic: true });
  });
});
