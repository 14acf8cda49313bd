import { describe, expect, it } from 'vitest';
import { recoveryCodesFileName, recoveryCodesText } from './recovery-codes.ts';

describe('recovery codes file', () => {
  it('lists the codes one per line after the heading', () => {
    expect(recoveryCodesText(['Roamwise recovery codes', 'Each works once.'], ['aaaaa-bbbbb', 'ccccc-ddddd'])).toBe(
      'Roamwise recovery codes\nEach works once.\n\naaaaa-bbbbb\nccccc-ddddd\n',
    );
  });

  it('names the file after the brand and the username, without unsafe characters', () => {
    expect(recoveryCodesFileName('Roamwise', 'ada.lovelace')).toBe('roamwise-recovery-codes-ada.lovelace.txt');
    expect(recoveryCodesFileName('Roamwise', '../Çağrı/x')).toBe('roamwise-recovery-codes-..-çağrı-x.txt');
  });
});
