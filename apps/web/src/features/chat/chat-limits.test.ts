import { CHAT_MESSAGE_MAX_LENGTH } from '@esim/contract/chat';
import { expect, it } from 'vitest';
import { COUNTER_FROM_LENGTH, MESSAGE_MAX_LENGTH } from './chat-limits.ts';

it('the input allows what the API accepts', () => {
  expect(MESSAGE_MAX_LENGTH).toBe(CHAT_MESSAGE_MAX_LENGTH);
  expect(COUNTER_FROM_LENGTH).toBeLessThan(MESSAGE_MAX_LENGTH);
});
