/** What the application form, its mails and the admins' review say (SPEC gives none of it). */
export const APPLICATION_TEXT = {
  applicationSentTitle: 'Application sent',
  applicationSentBody:
    'Thank you. We have sent a confirmation to your email. A person on our team reads every application, usually within 1–2 business days, and replies by email.',
  applicationNameEmailRequired: 'Enter your name and email',
  applicationMailSubject: 'We received your Reelfund creator application',
  applicationMailBody:
    'Hello {name},\n\nThank you for applying to become a creator on Reelfund. A person on our team will read your application, usually within 1–2 business days, and reply to this address.\n\n— Reelfund',
  applicationAgainMailSubject: 'Your Reelfund creator application is still waiting',
  applicationAgainMailBody:
    'Hello,\n\nSomeone sent a creator application with this email address, which already has one waiting for review. We keep the first one; you will hear from us by email.\n\n— Reelfund',
  applicationNewTitle: 'New creator application',
  applicationNewMessage: '{name} applied to become a creator.',
  applicationApprovedTitle: 'You are a creator now',
  applicationApprovedMessage: 'Your creator application was approved. Your creator dashboard is open.',
  applicationApprovedMailSubject: 'Your Reelfund creator application was approved',
  applicationApprovedMailBody:
    'Hello {name},\n\nYour application to become a creator on Reelfund was approved. Sign in and open your creator dashboard: {url}\n\n— Reelfund',
  applicationApprovedSignUpMailBody:
    'Hello {name},\n\nYour application to become a creator on Reelfund was approved. Create your account with this link (it works once, for 7 days, for this email address only):\n{url}\n\n— Reelfund',
  applicationRejectedTitle: 'Your creator application was not approved',
  applicationRejectedMessage: 'Reason: {reason}',
  applicationRejectedMailSubject: 'Your Reelfund creator application',
  applicationRejectedMailBody:
    'Hello {name},\n\nThank you for applying to become a creator on Reelfund. We did not approve your application this time.\n\nReason: {reason}\n\nYou are welcome to apply again.\n\n— Reelfund',
  applicationNotFound: 'Application not found',
  applicationAlreadyDecided: 'This application was already decided',
  applicationSignUpInvalid: 'This sign-up link is not valid, was already used or has expired',
  applicationSignUpAccountExists: 'An account with this email exists already. Sign in instead.',
  applicationStateWaiting: 'Your application is waiting for review.',
  applicationStateApproved: 'Your application was approved. You are a creator.',
  applicationStateRejected: 'Your application was not approved.',
  applicationsTooMany: 'Too many applications were sent. Please try again later.',
} as const;
