/** Waitlist and contact texts, word for word from the specification (part 1, sections 2, 5 and 8). */
export const PUBLIC_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name is too long',
  subjectRequired: 'Subject is required',
  subjectTooLong: 'Subject is too long',
  messageRequired: 'Message is required',
  messageTooLong: 'Message is too long',
  waitlistDuplicate: 'This email is already on the waitlist',
  waitlistFailedTitle: 'Submission failed',
  waitlistSuccessTitle: 'Welcome to the waitlist!',
  waitlistSuccessBody: "We'll notify you as soon as the product is ready.",
  contactFailedTitle: 'Error',
  contactFailedBody: 'Failed to send message. Please try again.',
  contactSuccessTitle: 'Message sent!',
  contactSuccessBody: "Thank you for your message. We'll get back to you soon.",
  // Ours: the spec names no text for too many submissions from one address.
  rateLimited: 'Too many submissions from your network. Please try again in a few minutes.',
} as const;
