import type { Timestamp } from './timestamp.js';

/** A message sent through the contact form. */
export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  /** The sender's IP address, kept to trace abuse. */
  ip: string | null;
  created_at: Timestamp;
  /** Set once the message was mailed to the firm's inbox; null if that failed or none is set. */
  forwarded_at: string | null;
  /** Set once the visitor's acknowledgment was sent. */
  acknowledged_at: string | null;
}
