import { describe, expect, it } from 'vitest';
import {
  askLawyerPath,
  conversationUrl,
  lawyerContactPath,
  lawyerMessageLimit,
  lawyerSubject,
} from './lawyer-contact';

const id = '0b0c5a4e-58a4-4d51-9d1f-3a2d3c6b2f10';
const link = conversationUrl('https://lexwise.example', id);

function paramsOf(path: string) {
  expect(path.startsWith('/contact?')).toBe(true);
  return new URLSearchParams(path.slice('/contact?'.length));
}

describe('lawyerContactPath', () => {
  it('carries the subject and the question, and no link unless asked', () => {
    const params = paramsOf(lawyerContactPath({ question: '  Can my landlord keep it?  ' }));
    expect(params.get('subject')).toBe(lawyerSubject);
    expect(params.get('message')).toBe('Can my landlord keep it?');
    expect(params.get('message')).not.toContain('/chatbot');
  });

  it('adds the conversation link after a blank line when the person agrees', () => {
    expect(link).toBe(`https://lexwise.example/chatbot?conversation=${id}`);
    const params = paramsOf(
      lawyerContactPath({ question: 'Can my landlord keep it?', conversationLink: link }),
    );
    expect(params.get('message')).toBe(`Can my landlord keep it?\n\nConversation: ${link}`);
  });

  it('keeps the message within the limit by cutting the question, never the link', () => {
    const question = 'q'.repeat(lawyerMessageLimit + 500);
    const plain = paramsOf(lawyerContactPath({ question })).get('message')!;
    expect(plain).toBe('q'.repeat(lawyerMessageLimit));

    const linked = paramsOf(lawyerContactPath({ question, conversationLink: link })).get(
      'message',
    )!;
    expect(linked).toHaveLength(lawyerMessageLimit);
    expect(linked.endsWith(`\n\nConversation: ${link}`)).toBe(true);
    expect(linked.startsWith('qqq')).toBe(true);
  });

  it('does not split a character made of two code units at the cut', () => {
    const question = `${'a'.repeat(lawyerMessageLimit - 1)}😀 more`;
    const message = paramsOf(lawyerContactPath({ question })).get('message')!;
    expect(message).toBe('a'.repeat(lawyerMessageLimit - 1));
  });

  it('still carries the link when there is no question to quote', () => {
    const message = paramsOf(lawyerContactPath({ question: '', conversationLink: link })).get(
      'message',
    );
    expect(message).toBe(`Conversation: ${link}`);
  });
});

describe('askLawyerPath', () => {
  it('opens the case form with the question and the conversation it comes from', () => {
    const path = askLawyerPath('  Can my landlord keep it?  ', link);
    expect(path.startsWith('/cases/new?')).toBe(true);
    const params = new URLSearchParams(path.slice('/cases/new?'.length));
    expect(params.get('question')).toBe('Can my landlord keep it?');
    expect(params.get('conversation')).toBe(id);
  });
});
