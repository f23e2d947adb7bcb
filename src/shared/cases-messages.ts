/** Cases, the desk and the console: limits, labels and error codes; no zod here, so any page can load it. */

export const caseStatuses = ['received', 'in_review', 'answered', 'closed'] as const;
export type CaseStatus = (typeof caseStatuses)[number];

export const caseStatusLabels: Record<CaseStatus, string> = {
  received: 'Received',
  in_review: 'In review',
  answered: 'Answered',
  closed: 'Closed',
};

export const contactPreferences = ['email', 'phone'] as const;
export type ContactPreference = (typeof contactPreferences)[number];

export const staffRoles = ['staff', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const caseLimits = {
  questionMin: 10,
  question: 4000,
  message: 5000,
  note: 5000,
  phone: 40,
  /** Messages copied from a shared conversation (the newest are kept). */
  sharedMessages: 200,
  reason: 300,
  search: 254,
  /** The largest grant or deduction an admin can make at once. */
  adjustment: 100_000_000,
} as const;

export const caseErrorCodes = [
  'cases.closed',
  'staff.not_staff',
  'admin.balance_too_low',
  'admin.self_role',
] as const;

export const caseMessages = {
  questionTooShort: `Please write at least ${caseLimits.questionMin} characters.`,
  questionTooLong: `Your question must be at most ${caseLimits.question} characters.`,
  messageRequired: 'Please write a message.',
  messageTooLong: `Your message must be at most ${caseLimits.message} characters.`,
  noteTooLong: `A note must be at most ${caseLimits.note} characters.`,
  stateRequired: 'Please choose your state.',
  phoneRequired: 'Please enter a phone number we can call.',
  phoneInvalid: 'Please enter a valid phone number (digits, spaces, +, -, parentheses).',
  reasonRequired: 'Please give a reason.',
  reasonTooLong: `A reason must be at most ${caseLimits.reason} characters.`,
  closed: 'This case is closed. Please ask a new question to reopen the matter.',
  notStaff: 'Cases can only be assigned to a member of staff.',
  balanceTooLow: 'That deduction would take the balance below zero.',
  selfRole: 'You cannot change your own role.',
  created: 'Your question has been sent to the firm.',
  shareNotice:
    'If you tick this, a copy of this conversation so far is stored with your case and the firm’s staff can read it. Without it, they see only your question.',
} as const;

/** LW-000123: what a person reads out on the phone. */
export function caseNumberLabel(number: number): string {
  return `LW-${String(number).padStart(6, '0')}`;
}
